import { describe, expect, test } from 'vitest';
import { previewAccessStateOf } from '../../src/common/constants';

describe('previewAccessStateOf', () => {
  test('an approved request whose access was taken back shows as revoked', () => {
    expect(previewAccessStateOf({ status: 'approved', revokedAt: '2026-11-24T09:00:00.000Z' })).toBe('revoked');
    expect(previewAccessStateOf({ status: 'approved', revokedAt: new Date() })).toBe('revoked');
  });

  test('any other request shows its own status', () => {
    expect(previewAccessStateOf({ status: 'approved', revokedAt: null })).toBe('approved');
    expect(previewAccessStateOf({ status: 'pending', revokedAt: null })).toBe('pending');
    expect(previewAccessStateOf({ status: 'rejected', revokedAt: '2026-11-24T09:00:00.000Z' })).toBe('rejected');
  });
});
