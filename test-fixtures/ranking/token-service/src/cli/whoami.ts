import { validateToken } from '../auth/validate-token';

export const whoamiFromToken = (token: string): string => validateToken(token)?.subject ?? 'anonymous';
