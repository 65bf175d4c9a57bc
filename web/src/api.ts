/**
 * @module web/api
 * The page's only way to the server: the documented REST endpoints
 * (/api/tools/:name, /api/projects, /api/files/content, /api/events/projects).
 * A bearer token, when the server wants one, comes from the URL fragment
 * (#token=...) or a prompt, lives in sessionStorage, is sent as
 * Authorization: Bearer and is never logged or put back in the URL.
 */
const TOKEN_KEY = 'quarry.token';

export class ApiError extends Error {
  /** `slug`: the REST body's `error` (e.g. `file_not_found`), finer than `code`. */
  constructor(readonly code: string, message: string, readonly status: number, readonly slug?: string) {
    super(message);
  }
}

/** Moves a #token=... fragment into sessionStorage and out of the address bar. */
export function adoptTokenFromFragment(): void {
  const hash = location.hash.slice(1);
  const params = new URLSearchParams(hash);
  const token = params.get('token');
  if (!token) return;
  sessionStorage.setItem(TOKEN_KEY, token);
  params.delete('token');
  const rest = params.toString();
  history.replaceState(history.state, '', location.pathname + location.search + (rest ? `#${rest}` : ''));
}

function headers(extra: Record<string, string> = {}): Record<string, string> {
  const token = sessionStorage.getItem(TOKEN_KEY);
  return { accept: 'application/json', ...extra, ...(token ? { authorization: `Bearer ${token}` } : {}) };
}

async function failure(response: Response): Promise<ApiError> {
  const body = await response.json().catch(() => null) as { code?: string; message?: string; error?: string } | null;
  return new ApiError(body?.code ?? 'HTTP_ERROR', body?.message ?? `HTTP ${response.status}`, response.status, body?.error);
}

/** One request; on 401 asks for the token once and retries. */
export async function request<T>(path: string, init: { method?: string; body?: unknown } = {}, retried = false): Promise<T> {
  const response = await fetch(path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: headers(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (response.status === 401 && !retried) {
    const token = window.prompt('This Quarry server needs its access token:');
    if (token) {
      sessionStorage.setItem(TOKEN_KEY, token.trim());
      return request(path, init, true);
    }
  }
  if (!response.ok) throw await failure(response);
  if (response.status === 204) return undefined as T;
  return await response.json() as T;
}

/** Calls a tool with the MCP contract; a tool's own `ok: false` answer becomes an ApiError too. */
export async function callTool<T = Record<string, any>>(name: string, args: Record<string, unknown>): Promise<T> {
  const result = await request<any>(`/api/tools/${encodeURIComponent(name)}`, { body: args });
  if (result && typeof result === 'object' && result.ok === false) throw new ApiError(result.code ?? 'ERROR', result.error ?? 'error', 200);
  return result as T;
}

/**
 * Server-sent events read with fetch (EventSource cannot send the token).
 * Returns a function that stops the stream.
 */
export function subscribe(path: string, onEvent: (event: string, data: any) => void, onError: (error: Error) => void): () => void {
  const abort = new AbortController();
  void (async () => {
    try {
      const response = await fetch(path, { headers: headers({ accept: 'text/event-stream' }), signal: abort.signal });
      if (!response.ok || !response.body) throw await failure(response);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          onEvent(event, JSON.parse(data));
        }
      }
    } catch (error) {
      if (!abort.signal.aborted) onError(error as Error);
    }
  })();
  return () => abort.abort();
}

export function errorText(error: unknown): string {
  return error instanceof ApiError ? `${error.message} (${error.code})` : String((error as Error)?.message ?? error);
}
