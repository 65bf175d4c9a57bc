/**
 * @module web/pages/medicines-page
 * The SÚKL medicines registry, in Czech, through the nine medicines tools:
 * search (diacritics and typos are the tool's business), product details,
 * availability with a batch check of pasted codes, the ATC tree and the
 * pharmacies of a city with opening hours. Every view lives in the URL.
 * On a server without the medicines tools it says how to get them.
 */
import { useEffect, useState } from 'preact/hooks';
import { callTool, errorText } from '../api';
import { href, navigate, onLinkClick } from '../router';
import { servesGroup } from '../served-tools';

const TABS = [
  { id: 'hledani', label: 'Vyhledávání' }, { id: 'detail', label: 'Detail přípravku' }, { id: 'dostupnost', label: 'Dostupnost' },
  { id: 'atc', label: 'ATC skupiny' }, { id: 'lekarny', label: 'Lékárny' },
] as const;
/** The 14 anatomical main groups of the WHO ATC system: the roots of the tree. */
const ATC_ROOTS: readonly [string, string][] = [
  ['A', 'Trávicí ústrojí a metabolismus'], ['B', 'Krev a krvetvorné orgány'], ['C', 'Kardiovaskulární systém'], ['D', 'Dermatologika'],
  ['G', 'Urogenitální systém a pohlavní hormony'], ['H', 'Systémové hormonální přípravky'], ['J', 'Antiinfektiva pro systémovou aplikaci'],
  ['L', 'Cytostatika a imunomodulační léčiva'], ['M', 'Muskuloskeletální systém'], ['N', 'Nervový systém'],
  ['P', 'Antiparazitika, insekticidy a repelenty'], ['R', 'Respirační systém'], ['S', 'Smyslové orgány'], ['V', 'Různé přípravky'],
];

/** Runs a tool when `args` change (null: nothing to ask). */
function useTool<T>(name: string, args: Record<string, unknown> | null): { data: T | null; error: string | null; busy: boolean } {
  const [state, setState] = useState<{ data: T | null; error: string | null; busy: boolean }>({ data: null, error: null, busy: false });
  const key = JSON.stringify(args);
  useEffect(() => {
    if (!args) { setState({ data: null, error: null, busy: false }); return; }
    let live = true;
    setState((s) => ({ ...s, busy: true }));
    callTool<T>(name, args).then((data) => live && setState({ data, error: null, busy: false }))
      .catch((e) => live && setState({ data: null, error: errorText(e), busy: false }));
    return () => { live = false; };
  }, [name, key]);
  return state;
}

function Status({ busy, error }: { busy: boolean; error: string | null }) {
  return <>
    <div role="status" aria-live="polite" class="status">{busy ? 'Načítám…' : ''}</div>
    {error && <p class="error" role="alert">{error}</p>}
  </>;
}

function SearchForm({ label, name, value, tab, extra = {} }: { label: string; name: string; value: string; tab: string; extra?: Record<string, string> }) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  return (
    <form class="searchbar" onSubmit={(e) => { e.preventDefault(); navigate(href('/medicines', { tab, [name]: draft.trim(), ...extra })); }}>
      <label for={`m-${name}`}>{label}</label>
      <input id={`m-${name}`} type="search" data-search-box value={draft} onInput={(e) => setDraft((e.target as HTMLInputElement).value)} />
      <button type="submit">Hledat</button>
    </form>
  );
}

export function MedicinesPage({ url }: { url: URL }) {
  const p = url.searchParams;
  const tab = p.get('tab') ?? 'hledani';
  const [served, setServed] = useState<boolean | null>(null);
  useEffect(() => { void servesGroup('medicines').then(setServed); }, []);
  if (served === false) return <NotServed />;
  return (
    <section lang="cs" aria-labelledby="med-title">
      <h1 id="med-title">Léčivé přípravky (SÚKL)</h1>
      <nav aria-label="Části registru" class="tabs">
        <ul>{TABS.map((t) => (
          <li key={t.id}><a href={href('/medicines', { tab: t.id })} onClick={onLinkClick} aria-current={t.id === tab ? 'page' : undefined}>{t.label}</a></li>
        ))}</ul>
      </nav>
      {tab === 'detail' ? <Detail code={p.get('kod') ?? ''} />
        : tab === 'dostupnost' ? <Availability code={p.get('kod') ?? ''} />
        : tab === 'atc' ? <AtcTree />
        : tab === 'lekarny' ? <Pharmacies city={p.get('mesto') ?? ''} />
        : <MedicineSearch query={p.get('q') ?? ''} />}
    </section>
  );
}

/** Reached by its address on a server that does not serve the medicines tools: how to get them, in Czech and English. */
function NotServed() {
  return (
    <section lang="cs" aria-labelledby="med-title" data-not-served>
      <h1 id="med-title">Léčivé přípravky (SÚKL)</h1>
      <p>Tento server registr léčiv nenabízí: v jeho složce není importován. Importujte otevřená data SÚKL
        (<code>quarry medicines import DLP.zip LEKARNY.zip --root SLOŽKA</code>) a po dokončení importu
        stránku znovu načtěte (server jej najde sám), nebo server spusťte s <code>--tools code,live,medicines</code>.</p>
      <p lang="en">This server does not serve the medicines registry: none is imported in its folder. Import the SÚKL open data
        (<code>quarry medicines import DLP.zip LEKARNY.zip --root DIR</code>) and reload this page once it has finished
        (the server finds it by itself), or start the server with <code>--tools code,live,medicines</code>.</p>
    </section>
  );
}

function MedicineSearch({ query }: { query: string }) {
  const { data, error, busy } = useTool<any>('search-medicine', query ? { query, limit: 20 } : null);
  return (
    <div>
      <SearchForm label="Název, účinná látka nebo kód SÚKL" name="q" value={query} tab="hledani" />
      <Status busy={busy} error={error} />
      {data && (
        <>
          <p data-total>Nalezeno {data.total_count} přípravků{data.total_count > data.count ? ` (zobrazeno ${data.count})` : ''}.</p>
          <table class="grid" aria-label="Nalezené přípravky">
            <thead><tr><th scope="col">Kód SÚKL</th><th scope="col">Název</th><th scope="col">Síla</th><th scope="col">Forma</th><th scope="col">Balení</th><th scope="col">ATC</th><th scope="col">Dodáván</th></tr></thead>
            <tbody>{data.results.map((r: any) => (
              <tr key={r.sukl_code}>
                <td><a href={href('/medicines', { tab: 'detail', kod: r.sukl_code })} onClick={onLinkClick}>{r.sukl_code}</a></td>
                <td>{r.name}</td><td>{r.strength}</td><td>{r.form}</td><td>{r.package}</td><td>{r.atc_code}</td><td>{r.supplied ? 'ano' : 'ne'}</td>
              </tr>
            ))}</tbody>
          </table>
          <DataSet info={data.data_set} />
        </>
      )}
    </div>
  );
}

function DataSet({ info }: { info?: { valid_from: string | null; valid_to: string | null; source: string } }) {
  return info ? <p class="muted small">Data platná {info.valid_from ?? '?'} – {info.valid_to ?? '?'}; zdroj: {info.source}</p> : null;
}

function Detail({ code }: { code: string }) {
  const { data, error, busy } = useTool<any>('get-medicine-details', code ? { sukl_code: code } : null);
  return (
    <div>
      <SearchForm label="Kód SÚKL" name="kod" value={code} tab="detail" />
      <Status busy={busy} error={error} />
      {data && (
        <article class="card" aria-labelledby="detail-name">
          <h2 id="detail-name">{data.name} {data.strength}</h2>
          <dl class="facts">
            <dt>Kód SÚKL</dt><dd>{data.sukl_code}</dd>
            <dt>Léková forma</dt><dd>{data.form?.name}</dd>
            <dt>Balení</dt><dd>{data.package}</dd>
            <dt>Cesta podání</dt><dd>{data.route?.name}</dd>
            <dt>ATC</dt><dd>{data.atc ? <a href={href('/medicines', { tab: 'atc', kod: data.atc.code })} onClick={onLinkClick}>{data.atc.code}</a> : null} {data.atc?.name}</dd>
            <dt>Účinné látky</dt><dd>{data.substances?.filter((s: any) => s.active).map((s: any) => `${s.name} ${s.amount ?? ''} ${s.unit ?? ''}`.trim()).join(', ')}</dd>
            <dt>Výdej</dt><dd>{data.dispensing?.name}</dd>
            <dt>Registrace</dt><dd>{data.registration?.number} · {data.registration?.state?.name}</dd>
            <dt>Držitel rozhodnutí</dt><dd>{data.holder?.name}</dd>
            <dt>Dodáván na trh</dt><dd>{data.supplied ? 'ano' : 'ne'}</dd>
          </dl>
          <p><a href={href('/medicines', { tab: 'dostupnost', kod: data.sukl_code })} onClick={onLinkClick}>Ověřit dostupnost</a></p>
          <DataSet info={data.data_set} />
        </article>
      )}
    </div>
  );
}

const STATUS_CS: Record<string, string> = { available: 'dostupný', unavailable: 'nedostupný', shortage: 'výpadek', limited: 'omezená dostupnost' };

function Availability({ code }: { code: string }) {
  const single = useTool<any>('check-availability', code ? { sukl_code: code } : null);
  const [pasted, setPasted] = useState('');
  const [batch, setBatch] = useState<{ data: any; error: string | null; busy: boolean }>({ data: null, error: null, busy: false });
  const check = async (e: Event) => {
    e.preventDefault();
    const codes = [...new Set(pasted.split(/[\s,;]+/).map((c) => c.trim()).filter(Boolean))];
    if (codes.length === 0) return;
    setBatch({ data: null, error: null, busy: true });
    try { setBatch({ data: await callTool('batch-check-availability', { sukl_codes: codes }), error: null, busy: false }); }
    catch (err) { setBatch({ data: null, error: errorText(err), busy: false }); }
  };
  return (
    <div>
      <SearchForm label="Kód SÚKL" name="kod" value={code} tab="dostupnost" />
      <Status busy={single.busy} error={single.error} />
      {single.data && (
        <p class="card" data-availability>{single.data.name} ({single.data.package}): <strong>{STATUS_CS[single.data.status] ?? single.data.status}</strong>
          {single.data.shortage ? ' · hlášený výpadek' : ''}</p>
      )}
      <form class="card" onSubmit={(e) => void check(e)}>
        <h2>Hromadná kontrola</h2>
        <label for="batch-codes">Kódy SÚKL (oddělené mezerou, čárkou nebo řádkem, nejvýše 50)</label>
        <textarea id="batch-codes" rows={4} value={pasted} onInput={(e) => setPasted((e.target as HTMLTextAreaElement).value)} />
        <button type="submit">Zkontrolovat</button>
      </form>
      <Status busy={batch.busy} error={batch.error} />
      {batch.data && (
        <div data-batch>
          <p>Zadáno {batch.data.requested}, nalezeno {batch.data.found}.{batch.data.not_found.length > 0 ? ` Nenalezeno: ${batch.data.not_found.join(', ')}.` : ''}</p>
          <table class="grid" aria-label="Výsledek hromadné kontroly">
            <thead><tr><th scope="col">Kód SÚKL</th><th scope="col">Název</th><th scope="col">Balení</th><th scope="col">Stav</th></tr></thead>
            <tbody>{batch.data.results.map((r: any) => (
              <tr key={r.sukl_code}><td>{r.sukl_code}</td><td>{r.name}</td><td>{r.package}</td><td>{STATUS_CS[r.status] ?? r.status}</td></tr>
            ))}</tbody>
          </table>
        </div>
      )}
    </div>
  );
}

interface AtcNode { code: string; name: string; name_en?: string }

function AtcTree() {
  return (
    <div>
      <p>Anatomicko-terapeuticko-chemická klasifikace. Rozbalte skupinu.</p>
      <ul class="tree" aria-label="ATC skupiny">
        {ATC_ROOTS.map(([code, name]) => <AtcBranch key={code} code={code} name={name} />)}
      </ul>
    </div>
  );
}

function AtcBranch({ code, name }: { code: string; name: string }) {
  const [open, setOpen] = useState(false);
  const { data, error } = useTool<{ name: string; children: AtcNode[] }>('get-atc-info', open ? { atc_code: code } : null);
  const label = name;
  return (
    <li data-atc={code}>
      <button type="button" class="link" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span aria-hidden="true">{open ? '▾' : '▸'}</span> <strong>{code}</strong> {label}
      </button>
      {error && open && <span class="error"> {error}</span>}
      {open && data && (
        data.children.length === 0 ? <p class="muted small">Bez podskupin.</p> : (
          <ul>{data.children.map((c) => <AtcBranch key={c.code} code={c.code} name={c.name} />)}</ul>
        )
      )}
    </li>
  );
}

function Pharmacies({ city }: { city: string }) {
  const { data, error, busy } = useTool<any>('find-pharmacies', city ? { city, limit: 50 } : null);
  return (
    <div>
      <SearchForm label="Město" name="mesto" value={city} tab="lekarny" />
      <Status busy={busy} error={error} />
      {data && (
        <>
          <p data-total>Nalezeno {data.total_count} lékáren{data.total_count > data.count ? ` (zobrazeno ${data.count})` : ''}.</p>
          <ul class="cards">{data.pharmacies.map((ph: any) => (
            <li key={ph.code} class="card">
              <h2>{ph.name}</h2>
              <p>{ph.street}, {ph.postal_code} {ph.city}{ph.phone ? ` · tel. ${ph.phone}` : ''}{ph.is_24h ? ' · nonstop' : ''}</p>
              {ph.opening_hours.length > 0 ? (
                <table class="hours" aria-label={`Otevírací doba: ${ph.name}`}>
                  <tbody>{ph.opening_hours.map((h: any) => (
                    <tr key={h.day}><th scope="row">{h.day_name}</th><td>{h.closed ? 'zavřeno' : `${h.from ?? '?'} – ${h.to ?? '?'}`}</td></tr>
                  ))}</tbody>
                </table>
              ) : <p class="muted small">Otevírací doba není uvedena.</p>}
            </li>
          ))}</ul>
          <DataSet info={data.data_set} />
        </>
      )}
    </div>
  );
}
