import { expect, test } from 'vitest';
import { isLeftover } from './database-names';

test("a test database is a leftover only when it is old or unstamped, so a run never drops another run's", () => {
  const now = Date.UTC(2026, 10, 28, 12) / 1000;
  const made = (secondsAgo: number, prefix = 'pitchroom_tpl_') => `${prefix}${Math.floor(now - secondsAgo).toString(36)}_0a1b2c3d`;
  expect(isLeftover(made(60), now)).toBe(false);
  expect(isLeftover(made(60, 'pitchroom_t_'), now)).toBe(false);
  expect(isLeftover(made(5 * 3600), now)).toBe(false);
  expect(isLeftover(made(7 * 3600), now)).toBe(true);
  expect(isLeftover(made(7 * 3600, 'pitchroom_t_'), now)).toBe(true);
  // Names from before databases carried their time.
  expect(isLeftover('pitchroom_tpl_0a1b2c3d', now)).toBe(true);
  expect(isLeftover('pitchroom_t_0a1b2c3d4e5f', now)).toBe(true);
});
