import { expect, test } from 'vitest';
import { homePathFor } from '../../src/common/constants';

const flags = (roles: { isAdmin?: boolean; isSongwriter?: boolean; isPreview?: boolean }) => ({
  isAdmin: false,
  isSongwriter: false,
  isPreview: false,
  ...roles,
});

test('each role lands on its own page after signing in, the admin first when one holds several', () => {
  expect(homePathFor(flags({ isAdmin: true }))).toBe('/admin');
  expect(homePathFor(flags({ isSongwriter: true }))).toBe('/songwriter-dashboard');
  expect(homePathFor(flags({ isPreview: true }))).toBe('/songs');
  expect(homePathFor(flags({}))).toBe('/preview-status');
  expect(homePathFor(flags({ isAdmin: true, isSongwriter: true, isPreview: true }))).toBe('/admin');
  expect(homePathFor(flags({ isSongwriter: true, isPreview: true }))).toBe('/songwriter-dashboard');
});
