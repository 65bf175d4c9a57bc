/**
 * @module embeddings/config
 * Whether embeddings are on, and where they come from: an OpenAI-compatible
 * endpoint (`--embeddings-url` or QUARRY_EMBEDDINGS_URL), a model name
 * (`--embeddings-model` or QUARRY_EMBEDDINGS_MODEL) and an API key, read only
 * from QUARRY_EMBEDDINGS_API_KEY so it never shows on a command line. Off
 * (null) without a URL. A base URL (`…/v1`) gets `/embeddings` appended.
 */
import { catalogueError } from '../contracts/errors.js';
import { EMBEDDINGS } from '../contracts/limits.js';

export interface EmbeddingsConfig {
  /** The embeddings endpoint itself (`…/v1/embeddings`). */
  url: string;
  model: string;
  apiKey?: string;
}

export interface EmbeddingsFlags {
  embeddingsUrl?: string;
  embeddingsModel?: string;
}

/** The endpoint for a configured URL, or INVALID_ARGUMENT when it is not http(s). */
export function endpointUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw catalogueError('INVALID_ARGUMENT', { key: 'embeddings.url_invalid', params: { url: raw } });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw catalogueError('INVALID_ARGUMENT', { key: 'embeddings.url_invalid', params: { url: raw } });
  if (!url.pathname.endsWith('/embeddings')) url.pathname = `${url.pathname.replace(/\/+$/, '')}/embeddings`;
  return url.toString();
}

export function embeddingsConfig(flags: EmbeddingsFlags, env: NodeJS.ProcessEnv): EmbeddingsConfig | null {
  const raw = flags.embeddingsUrl ?? env.QUARRY_EMBEDDINGS_URL;
  if (!raw || raw.trim() === '') return null;
  const model = (flags.embeddingsModel ?? env.QUARRY_EMBEDDINGS_MODEL ?? '').trim() || EMBEDDINGS.defaultModel;
  const apiKey = env.QUARRY_EMBEDDINGS_API_KEY?.trim();
  return { url: endpointUrl(raw), model, ...(apiKey ? { apiKey } : {}) };
}

/** The endpoint as messages name it: no credentials, no query string. */
export function displayUrl(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname}`;
}
