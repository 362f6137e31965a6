import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: the only secret of a pitch link, shown once (in its e-mail) and never stored. */
export function newPitchToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of the token: a leaked row opens nothing. */
export function hashPitchToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The shape of a token we issue; anything else is answered like an unknown link without a lookup. */
export const isPitchTokenShaped = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);
