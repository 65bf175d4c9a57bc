import { validateToken } from '../auth/validate-token';

export const validateLogoutToken = (token: string): boolean => validateToken(token) !== null;
