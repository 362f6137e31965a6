import { randomBytes } from 'node:crypto';

/**
 * A name for a test database that carries when it was made, so that a later run can tell a crashed run's
 * leftover from the database of a run still going on the same server.
 */
export const stampedName = (prefix: string) => `${prefix}${Math.floor(Date.now() / 1000).toString(36)}_${randomBytes(4).toString('hex')}`;

/** Runs live well under this; an unconnected test database older than it is a crashed run's leftover. */
const LEFTOVER_AFTER_SECONDS = 6 * 60 * 60;

/** Whether a test database named by `stampedName` (or an older, unstamped one) is a leftover to drop. */
export function isLeftover(name: string, nowSeconds = Date.now() / 1000): boolean {
  const stamp = /^pitchroom_t(?:pl)?_([0-9a-z]+)_[0-9a-f]{8}$/.exec(name)?.[1];
  if (!stamp) return true;
  return nowSeconds - parseInt(stamp, 36) > LEFTOVER_AFTER_SECONDS;
}
