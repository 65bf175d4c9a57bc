import { validateToken } from '../auth/validate-token';

export const meFromToken = (token: string) => ({ claims: validateToken(token) });
