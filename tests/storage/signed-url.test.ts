import { describe, expect, it } from 'vitest';
import { signFileToken, verifyFileToken } from '../../src/server/adapters/storage/signed-url';

const SECRET = 'a-test-secret-of-enough-length';
const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const payload = { fileId: 'file_123', subject: 'user_456' };

describe('signed file tokens', () => {
  it('round-trips the payload with its expiry', () => {
    const token = signFileToken(SECRET, payload, 3600, NOW);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyFileToken(SECRET, token, NOW)).toEqual({ ...payload, expiresAt: NOW / 1000 + 3600 });
  });

  it('is valid until its last second and not at its expiry', () => {
    const token = signFileToken(SECRET, payload, 3600, NOW);
    expect(verifyFileToken(SECRET, token, NOW + 3599_999)).not.toBeNull();
    expect(verifyFileToken(SECRET, token, NOW + 3600_000)).toBeNull();
  });

  it('checks a token it has found genuine before as strictly: expiry, secret, and claims a caller changed', () => {
    const token = signFileToken(SECRET, payload, 60, NOW);
    const first = verifyFileToken(SECRET, token, NOW)!;
    first.subject = 'user_999';
    expect(verifyFileToken(SECRET, token, NOW)).toEqual({ ...payload, expiresAt: NOW / 1000 + 60 });
    expect(verifyFileToken('another-secret-of-enough-length', token, NOW)).toBeNull();
    expect(verifyFileToken(SECRET, token, NOW + 60_000)).toBeNull();
  });

  it('refuses a token signed with another secret', () => {
    const token = signFileToken('another-secret-of-enough-length', payload, 3600, NOW);
    expect(verifyFileToken(SECRET, token, NOW)).toBeNull();
  });

  it('refuses a changed payload (another file, person or expiry)', () => {
    const token = signFileToken(SECRET, payload, 3600, NOW);
    const [, signature] = token.split('.');
    for (const claims of [
      { f: 'file_999', s: 'user_456', e: NOW / 1000 + 3600 },
      { f: 'file_123', s: 'user_999', e: NOW / 1000 + 3600 },
      { f: 'file_123', s: 'user_456', e: NOW / 1000 + 999_999 },
    ]) {
      const forged = `${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
      expect(verifyFileToken(SECRET, forged, NOW)).toBeNull();
    }
  });

  it('refuses every single-character change of the token', () => {
    const token = signFileToken(SECRET, payload, 3600, NOW);
    for (let i = 0; i < token.length; i++) {
      const swapped = token[i] === 'A' ? 'B' : 'A';
      const changed = token.slice(0, i) + swapped + token.slice(i + 1);
      expect(verifyFileToken(SECRET, changed, NOW), `position ${i}`).toBeNull();
    }
  });

  it.each(['', '.', 'abc', 'a.b.c', 'not base64!.sig', 'x'.repeat(5000)])('refuses the malformed token %j', (token) => {
    expect(verifyFileToken(SECRET, token, NOW)).toBeNull();
  });

  it('refuses weak secrets and nonsense lifetimes when signing', () => {
    expect(() => signFileToken('short', payload, 60)).toThrow();
    expect(() => signFileToken(SECRET, payload, 0)).toThrow(RangeError);
    expect(() => signFileToken(SECRET, payload, 1.5)).toThrow(RangeError);
  });
});
