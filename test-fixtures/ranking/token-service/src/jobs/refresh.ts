import { validateToken } from '../auth/validate-token';

export const tokenNeedsRefresh = (token: string): boolean => validateToken(token, Date.now() + 60_000) === null;
