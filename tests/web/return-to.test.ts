import { describe, expect, test } from 'vitest';
import { safeReturnPath, withReturnTo } from '../../src/common/routes';

describe('the page to return to after signing in', () => {
  test("is kept when it is one of the site's own pages, with its query and hash", () => {
    expect(safeReturnPath('/songs/gravel-road?x=1#lyrics')).toBe('/songs/gravel-road?x=1#lyrics');
    expect(safeReturnPath('/songwriter-dashboard?claim_token=abc')).toBe('/songwriter-dashboard?claim_token=abc');
    expect(safeReturnPath('/admin/songwriter-reviews/r1')).toBe('/admin/songwriter-reviews/r1');
  });

  test('is dropped when it could lead off the site, or nowhere', () => {
    for (const value of [
      '//evil.example/songs',
      '/\\evil.example',
      'https://evil.example/songs',
      'javascript:alert(1)',
      'songs',
      '',
      null,
      undefined,
    ]) {
      expect(safeReturnPath(value), String(value)).toBeNull();
    }
    // Not a page of ours, the API, or the sign-in page itself (which would loop).
    expect(safeReturnPath('/api/admin/users')).toBeNull();
    expect(safeReturnPath('/no-such-page')).toBeNull();
    expect(safeReturnPath('/auth?next=/admin')).toBeNull();
  });

  test('is added to a path encoded, and left off when there is nothing worth returning to', () => {
    expect(withReturnTo('/auth', '/songs/a b?q=1')).toBe('/auth?next=%2Fsongs%2Fa%2520b%3Fq%3D1');
    expect(withReturnTo('/auth', '/')).toBe('/auth');
    expect(withReturnTo('/auth', '//evil.example')).toBe('/auth');
  });
});
