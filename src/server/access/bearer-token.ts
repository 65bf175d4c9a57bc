/**
 * @module server/access/bearer-token
 * The optional shared secret of `quarry serve --token` / QUARRY_TOKEN.
 * Both sides are hashed to SHA-256 before a constant-time compare, so
 * neither the compare's time nor an early length mismatch tells a caller
 * how much of a guess was right.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

export class BearerToken {
  private readonly expected: Buffer;

  constructor(token: string) {
    this.expected = digest(token);
  }

  /** True when the Authorization header is `Bearer <token>` with this token (the scheme is case-insensitive, RFC 7235). */
  accepts(authorization: string | undefined): boolean {
    const m = /^bearer +(\S+) *$/i.exec(authorization ?? '');
    // Compare even when the header is malformed, so every refusal takes the same time.
    const matches = timingSafeEqual(digest(m?.[1] ?? ''), this.expected);
    return m !== null && matches;
  }
}
