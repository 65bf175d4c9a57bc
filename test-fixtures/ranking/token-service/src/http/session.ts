import { validateToken } from '../auth/validate-token';

export const tokenSubject = (token: string): string | null => validateToken(token)?.subject ?? null;
