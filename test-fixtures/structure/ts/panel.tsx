import { useEffect, useState } from 'preact/hooks';

export function Panel(props: { url: string }) {
  const [data, setData] = useState<string | null>(null);
  useEffect(() => {
    fetch(props.url).then((r) => r.text()).then(setData);
  });
  useEffect(() => {
    console.log('mounted');
  }, []);
  return <div class="panel">{data ?? 'loading'}</div>;
}
