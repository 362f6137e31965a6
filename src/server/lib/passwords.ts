import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { LIMITS } from '../../common/constants';
import * as MESSAGES from '../../common/messages';

/** OWASP's Argon2id floor: 19 MiB, two passes, one lane. (2 is Algorithm.Argon2id, a const enum.) */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

export async function verifyPassword({ hash: digest, password }: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(digest, password);
  } catch {
    // A malformed stored hash is a failed sign-in, never a crash.
    return false;
  }
}

/** The 10,000 most common passwords long enough to pass the length rule (zxcvbn's list, ranked by use). */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  (dictionary['passwords-common'] as string[]).filter((p) => p.length >= LIMITS.passwordMin).slice(0, 10_000),
);

export const isCommonPassword = (password: string): boolean => COMMON_PASSWORDS.has(password.toLowerCase());

/**
 * Why the server would not set this password, or null when it may: the rules of every path that sets one
 * (sign-up, reset, change, joining, accounts the server makes, the first admin from ADMIN_PASSWORD, admin:create).
 * A songwriter's minimum is longer.
 */
export function passwordProblem(password: string, { songwriter = false }: { songwriter?: boolean } = {}): string | null {
  const v = MESSAGES.validation;
  if (password.length < (songwriter ? LIMITS.songwriterPasswordMin : LIMITS.passwordMin))
    return songwriter ? v.songwriterPasswordMin : v.passwordMin;
  if (password.length > LIMITS.passwordMax) return v.passwordMax;
  if (isCommonPassword(password)) return v.passwordTooCommon;
  return null;
}
