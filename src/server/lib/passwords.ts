import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { LIMITS } from '../../common/constants';

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
