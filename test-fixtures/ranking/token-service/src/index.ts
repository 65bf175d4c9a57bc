export { validateToken } from './auth/validate-token';
export { decodeToken } from './auth/decode-token';
export type { TokenClaims } from './auth/types';
