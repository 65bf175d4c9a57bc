import { decodeToken } from './decode-token';
import type { TokenClaims } from './types';

/** Clock difference between servers that is still accepted, in milliseconds. */
const CLOCK_SKEW_MS = 30_000;

/**
 * Checks a bearer token before a request is served: it must decode, carry a
 * subject, be issued by us for this API, have started and not have expired
 * (allowing for clock skew between servers), and name at least one role.
 * Returns its claims, or null when any check fails; the reason is not given
 * to the caller, so a client cannot probe which check it failed.
 */
export function validateToken(token: string, now: number = Date.now()): TokenClaims | null {
  const claims = decodeToken(token);
  if (!claims) return null;
  if (!claims.subject) return null;
  if (claims.issuer !== 'quarry-auth') return null;
  if (claims.audience !== 'api') return null;
  if (claims.notBefore - CLOCK_SKEW_MS > now) return null;
  if (claims.expiresAt + CLOCK_SKEW_MS <= now) return null;
  if (claims.roles.length === 0) return null;
  return claims;
}
