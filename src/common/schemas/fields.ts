import { z } from 'zod';
import { LIMITS } from '../constants';
import { MESSAGES } from '../messages';

const v = MESSAGES.validation;

/** A trimmed, valid e-mail of at most 255 characters, the rule of every form. */
export const emailField = z
  .string()
  .trim()
  .min(1, v.invalidEmail)
  .max(LIMITS.emailMax, v.emailTooLong)
  .pipe(z.email(v.invalidEmail));

export const passwordField = z
  .string()
  .min(LIMITS.passwordMin, v.passwordMin)
  .max(LIMITS.passwordMax, v.passwordMax);

export const songwriterPasswordField = z
  .string()
  .min(LIMITS.songwriterPasswordMin, v.songwriterPasswordMin)
  .max(LIMITS.passwordMax, v.passwordMax);

export const requiredText = (message: string, max: number, maxMessage?: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .max(max, maxMessage ?? `Must be at most ${max} characters`);
