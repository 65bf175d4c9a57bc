import { validateToken } from '../auth/validate-token';

export const isAdminToken = (token: string): boolean => validateToken(token)?.roles.includes('admin') ?? false;
