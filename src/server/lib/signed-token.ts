import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Small HMAC-signed, expiring tokens for links we e-mail (e.g. confirming an address to claim orders).
 * The purpose is mixed into the key, so a token made for one purpose is worthless for another.
 */
export function signToken(secret: string, purpose: string, claims: Record<string, string>, ttlSeconds: number, now = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(now / 1000) + ttlSeconds })).toString('base64url');
  return `${body}.${mac(secret, purpose, body)}`;
}

export function verifyToken(secret: string, purpose: string, token: string, now = Date.now()): Record<string, string> | null {
  const [body, signature, ...rest] = token.split('.');
  if (!body || !signature || rest.length > 0 || token.length > 2048) return null;
  const expected = Buffer.from(mac(secret, purpose, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof claims.exp !== 'number' || claims.exp <= Math.floor(now / 1000)) return null;
    const { exp: _exp, ...rest } = claims;
    return Object.fromEntries(Object.entries(rest).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  } catch {
    return null;
  }
}

function mac(secret: string, purpose: string, body: string): string {
  const key = createHmac('sha256', secret).update(`pitchroom:${purpose}`).digest();
  return createHmac('sha256', key).update(body).digest('base64url');
}
