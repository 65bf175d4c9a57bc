/**
 * @module embeddings/openai-embeddings
 * An OpenAI-compatible `/v1/embeddings` endpoint (OpenAI, or a local server
 * speaking the same wire format): POST `{model, input: [...]}`, reply
 * `{data: [{embedding, index}], model, usage}`. Each request has a timeout
 * and a reply size cap; every failure is a catalogue error (UNAVAILABLE or
 * TIMEOUT) naming the endpoint and what to check, never the HTTP library's
 * text. Vectors come back in input order, unit length.
 */
import { z } from 'zod';
import { catalogueError, isQuarryError, type QuarryError } from '../contracts/errors.js';
import { EMBEDDINGS } from '../contracts/limits.js';
import { displayUrl, type EmbeddingsConfig } from './config.js';
import { normalize, type EmbeddingProvider } from './provider.js';

const replySchema = z.object({
  data: z.array(z.object({ embedding: z.array(z.number()), index: z.number().int().nonnegative() })),
});

export class OpenAiEmbeddings implements EmbeddingProvider {
  readonly model: string;
  private readonly where: string;

  constructor(private readonly config: EmbeddingsConfig) {
    this.model = config.model;
    this.where = displayUrl(config.url);
  }

  private badReply(reason: string): QuarryError {
    return catalogueError('UNAVAILABLE', { key: 'embeddings.bad_reply', params: { url: this.where, reason } });
  }

  async embed(texts: readonly string[], options: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const timeoutMs = options.timeoutMs ?? EMBEDDINGS.requestTimeoutMs;
    const timer = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timer]) : timer;
    try {
      const response = await fetch(this.config.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(this.config.apiKey ? { authorization: `Bearer ${this.config.apiKey}` } : {}) },
        body: JSON.stringify({ model: this.model, input: texts }),
        signal,
        redirect: 'error',
      });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        const key = response.status === 401 || response.status === 403 ? 'embeddings.unauthorized' : 'embeddings.http_status';
        throw catalogueError('UNAVAILABLE', { key, params: { url: this.where, status: response.status } });
      }
      return this.vectors(await this.readJson(response), texts.length);
    } catch (error) {
      if (isQuarryError(error)) throw error;
      if (timer.aborted) throw catalogueError('TIMEOUT', { key: 'embeddings.timeout', params: { url: this.where, ms: timeoutMs } }, 'en', {}, error);
      if (options.signal?.aborted) throw error;
      throw catalogueError('UNAVAILABLE', { key: 'embeddings.unreachable', params: { url: this.where, reason: 'network error' } }, 'en', {}, error);
    }
  }

  /** The body as JSON, read up to EMBEDDINGS.replyMaxBytes. */
  private async readJson(response: Response): Promise<unknown> {
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > EMBEDDINGS.replyMaxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw this.badReply(`more than ${EMBEDDINGS.replyMaxBytes} bytes`);
    }
    const parts: Uint8Array[] = [];
    let size = 0;
    const reader = response.body?.getReader();
    for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
      size += read.value.byteLength;
      if (size > EMBEDDINGS.replyMaxBytes) {
        await reader!.cancel().catch(() => undefined);
        throw this.badReply(`more than ${EMBEDDINGS.replyMaxBytes} bytes`);
      }
      parts.push(read.value);
    }
    try {
      return JSON.parse(Buffer.concat(parts).toString('utf8')) as unknown;
    } catch {
      throw this.badReply('not JSON');
    }
  }

  /** One unit vector per input, in input order, all of one width. */
  private vectors(body: unknown, count: number): Float32Array[] {
    const parsed = replySchema.safeParse(body);
    if (!parsed.success) throw this.badReply('no data array of {embedding, index}');
    const out: (Float32Array | undefined)[] = Array.from({ length: count }, () => undefined);
    let width = -1;
    for (const { embedding, index } of parsed.data.data) {
      if (index >= count || out[index]) throw this.badReply(`index ${index} is not one of the ${count} inputs, or repeats`);
      if (embedding.length === 0 || embedding.length > EMBEDDINGS.maxDimensions) throw this.badReply(`a vector of ${embedding.length} dimensions`);
      if (width >= 0 && embedding.length !== width) throw this.badReply('vectors of different widths');
      if (!embedding.every(Number.isFinite)) throw this.badReply('a value that is not a finite number');
      width = embedding.length;
      out[index] = normalize(Float32Array.from(embedding));
    }
    if (out.some((v) => v === undefined)) throw this.badReply(`${parsed.data.data.length} vectors for ${count} inputs`);
    return out as Float32Array[];
  }
}
