import type { TokenClaims } from './types';

/** Reads the claims of a token without checking them. */
export function decodeToken(token: string): TokenClaims | null {
  const [, payload] = token.split('.');
  if (!payload) return null;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims;
  } catch {
    return null;
  }
}
