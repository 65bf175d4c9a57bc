/** What a token says about its bearer. */
export interface TokenClaims {
  subject: string;
  issuer: string;
  audience: string;
  roles: string[];
  notBefore: number;
  expiresAt: number;
}
