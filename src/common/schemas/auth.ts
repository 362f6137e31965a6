import * as z from 'zod/mini';
import { LIMITS } from '../constants';
import * as MESSAGES from '../messages';
import { emailField, noControlCharacters, passwordField } from './fields';

// zod/mini, as in fields.ts: /auth is a first page.
export const SignInSchema = z.object({
  email: emailField,
  password: passwordField,
});
export type SignInInput = z.infer<typeof SignInSchema>;

export const ForgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordSchema>;

export const ResetPasswordSchema = z
  .object({
    password: passwordField,
    confirmPassword: z.string(),
  })
  .check(
    z.refine((d) => d.password === d.confirmPassword, {
      message: MESSAGES.validation.passwordsDontMatch,
      path: ['confirmPassword'],
    }),
  );
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;

/**
 * The account fields better-auth's sign-up and account update take as they are: checked in its before-hook
 * (src/server/auth.ts). Other fields are better-auth's own to check.
 */
export const AccountFieldsSchema = z.looseObject({
  name: z.optional(z.string().check(z.maxLength(LIMITS.nameMax, MESSAGES.validation.nameTooLong), noControlCharacters())),
  image: z.optional(
    z.nullable(z.string().check(z.maxLength(LIMITS.imageUrlMax, MESSAGES.validation.imageUrlTooLong), noControlCharacters())),
  ),
});
