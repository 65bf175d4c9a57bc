import { validateToken } from '../auth/validate-token';

export const requireValidToken = (header: string): boolean => validateToken(header.replace('Bearer ', '')) !== null;
