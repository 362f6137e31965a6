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
  .check(z.minLength(LIMITS.songwriterPasswordMin, v.songwriterPasswordMin), z.maxLength(LIMITS.passwordMax, v.passwordMax));

/** Characters no form sends: the C0 and C1 control characters and DEL, NUL among them (a text column cannot hold NUL). */
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;
/** The same, less the newline, carriage return and tab that multi-line text keeps. */
const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * Invisible characters that change how the text around them reads: the bidirectional embeddings, overrides and
 * isolates (U+202A-U+202E, U+2066-U+2069; a right-to-left override shows "gnp.exe" as "exe.png"), and a
 * surrogate without its pair, which is no character at all (it becomes U+FFFD or an error on the way out).
 */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a text holds a control character (direction controls and lone surrogates too); multi-line text may hold newlines and tabs. */
export const hasControlCharacters = (text: string, multiLine = false) =>
  (multiLine ? CONTROL_CHARACTERS_BUT_LINES : CONTROL_CHARACTERS).test(text) || DIRECTION_CONTROLS.test(text) || LONE_SURROGATE.test(text);

/** The text without any of them (a file's name, which is kept rather than refused), newlines and tabs included. */
export const withoutControlCharacters = (text: string) =>
  text.replace(new RegExp(`${CONTROL_CHARACTERS.source}|${DIRECTION_CONTROLS.source}|${LONE_SURROGATE.source}`, 'g'), '');

/** Refuses control characters; multi-line text (a textarea's) keeps its newlines and tabs. */
export const noControlCharacters = (multiLine = false) => z.refine<string>((s) => !hasControlCharacters(s, multiLine), v.controlCharacters);

export interface TextOptions {
  /** Text of a textarea: newlines and tabs allowed. */
  multiLine?: boolean;
}

/** A trimmed, non-empty text of at most `max` characters, without control characters. */
export const requiredText = (message: string, max: number, maxMessage?: string, { multiLine = false }: TextOptions = {}) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, message),
      z.maxLength(max, maxMessage ?? `Must be at most ${max} characters`),
      noControlCharacters(multiLine),
    );

/** A trimmed text of at most `max` characters, without control characters, that may be missing or blank. */
export const plainText = (max: number, message: string, { multiLine = false }: TextOptions = {}) =>
  z.string().check(z.trim(), z.maxLength(max, message), noControlCharacters(multiLine));

/** An optional text of at most `max` characters, trimmed; blank becomes null, and null is accepted. */
export const optionalText = (max: number, message: string, options: TextOptions = {}) =>
  z.optional(
    z.nullable(
      z.pipe(
        plainText(max, message, options),
        z.transform((v) => (v === '' ? null : v)),
      ),
    ),
  );

/** An identifier from a URL or a query (a user id, a token): 1 to `max` characters, no control characters. */
export const idText = (max: number) => z.string().check(z.minLength(1), z.maxLength(max), noControlCharacters());

/** A search box's text: trimmed, at most 100 characters. */
export const searchText = () => z.optional(z.string().check(z.trim(), z.maxLength(100), noControlCharacters()));

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether YYYY-MM-DD names a day of the calendar: not 2024-13-45, 2023-02-29 or year 0. */
export function isRealDay(day: string): boolean {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(ms) && day >= '0001-01-01' && new Date(ms).toISOString().slice(0, 10) === day;
}

/** A calendar day as YYYY-MM-DD that exists; one message whatever is wrong with it. */
export const dayField = (message: string = v.dateInvalid) =>
  z.string().check(
    z.regex(DAY_PATTERN, message),
    // Only a well-formed day is checked against the calendar, so a malformed one gets the message once.
    z.refine((day) => !DAY_PATTERN.test(day) || isRealDay(day), message),
  );
