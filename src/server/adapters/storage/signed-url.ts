import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tokens for links the app serves itself (`/api/files/<token>`-style routes). The route still
 * re-checks the caller's access on every request; the token only proves the link was issued for
 * this file and this person and has not expired. Format: `<base64url(json)>.<base64url(hmac)>`.
 */

export interface FileTokenPayload {
  fileId: string;
  /** The user the link was issued to, or a recipient identifier for e-mailed links. */
  subject: string;
}

export interface VerifiedFileToken extends FileTokenPayload {
  /** Seconds since the epoch. */
  expiresAt: number;
}

const MAX_TOKEN_LENGTH = 2048;

/** A key of its own, so a MAC made here can never be replayed as one made elsewhere with AUTH_SECRET. */
function keyFor(secret: string): Buffer {
  if (secret.length < 16) throw new Error('File token secret must be at least 16 characters');
  return createHmac('sha256', secret).update('pitchroom:file-token:v1').digest();
}

function mac(secret: string, body: string): Buffer {
  return createHmac('sha256', keyFor(secret)).update(body).digest();
}

export function signFileToken(secret: string, payload: FileTokenPayload, ttlSeconds: number, now: number = Date.now()): string {
  if (!Number.isInteger(ttlSeconds) || ttlSeconds <= 0) throw new RangeError('ttlSeconds must be a positive integer');
  const claims = { f: payload.fileId, s: payload.subject, e: Math.floor(now / 1000) + ttlSeconds };
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/** The payload of a genuine, unexpired token; null for anything else. */
export function verifyFileToken(secret: string, token: string, now: number = Date.now()): VerifiedFileToken | null {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
  const claims = genuineClaims(secret, token);
  if (!claims || Math.floor(now / 1000) >= claims.expiresAt) return null;
  return claims;
}

/** The claims of a token whose signature holds and whose body is well formed, expired or not. */
function genuineClaims(secret: string, token: string): VerifiedFileToken | null {
  const parts = token.split('.');
  if (parts.length !== 2 || !parts.every((p) => /^[A-Za-z0-9_-]+$/.test(p))) return null;
  const [body, signature] = parts as [string, string];
  // Compare the encoded text, not decoded bytes: base64url decoding ignores spare bits, so two
  // different strings could otherwise carry the same signature.
  const given = Buffer.from(signature);
  const expected = Buffer.from(mac(secret, body).toString('base64url'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const { f, s, e } = (claims ?? {}) as Record<string, unknown>;
  if (typeof f !== 'string' || typeof s !== 'string' || typeof e !== 'number' || !Number.isInteger(e)) return null;
  return { fileId: f, subject: s, expiresAt: e };
}
