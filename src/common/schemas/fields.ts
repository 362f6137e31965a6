// Every shared schema (src/common/schemas) uses zod/mini, zod's tree-shakable API, because it reaches the
// browser: classic zod's methods keep all of zod's core schemas in the bundle. Only server-only schemas may
// use classic zod. zod/mini loads no locale, so a message the browser shows is written out.
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

/** An optional text of at most `max` characters, trimmed; blank becomes null, and null is accepted. */
export const optionalText = (max: number, message: string) =>
  z.optional(
    z.nullable(
      z.pipe(
        z.string().check(z.trim(), z.maxLength(max, message)),
        z.transform((v) => (v === '' ? null : v)),
      ),
    ),
  );
