import { validateToken } from '../auth/validate-token';

export const acceptSocketToken = (token: string): boolean => validateToken(token) !== null;
