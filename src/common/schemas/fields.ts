// zod's tree-shakable API: these fields are on the first pages a visitor opens (sign-in, the catalogue's
// filters), where classic zod alone would be a quarter of issue 10's script budget. Classic schemas
// embed them as they are.
import * as z from 'zod/mini';
import { LIMITS } from '../constants';
import * as MESSAGES from '../messages';

const v = MESSAGES.validation;

/** A trimmed, valid e-mail of at most 255 characters, the rule of every form. */
export const emailField = z.pipe(
  z.string().check(z.trim(), z.minLength(1, v.invalidEmail), z.maxLength(LIMITS.emailMax, v.emailTooLong)),
  z.email(v.invalidEmail),
);

export const passwordField = z
  .string()
  .check(z.minLength(LIMITS.passwordMin, v.passwordMin), z.maxLength(LIMITS.passwordMax, v.passwordMax));

export const songwriterPasswordField = z
  .string()
  .check(
    z.minLength(LIMITS.songwriterPasswordMin, v.songwriterPasswordMin),
    z.maxLength(LIMITS.passwordMax, v.passwordMax),
  );

export const requiredText = (message: string, max: number, maxMessage?: string) =>
  z.string().check(z.trim(), z.minLength(1, message), z.maxLength(max, maxMessage ?? `Must be at most ${max} characters`));
