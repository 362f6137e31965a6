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

/** Whether a link is an absolute http(s) address. */
const isWebAddress = (url: string) => {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
};

/**
 * The account fields better-auth's sign-up and account update take as they are: checked in its before-hook
 * (src/server/auth.ts). Other fields are better-auth's own to check.
 */
export const AccountFieldsSchema = z.looseObject({
  name: z.optional(z.string().check(z.maxLength(LIMITS.nameMax, MESSAGES.validation.nameTooLong), noControlCharacters())),
  image: z.optional(
    z.nullable(
      z.string().check(
        z.maxLength(LIMITS.imageUrlMax, MESSAGES.validation.imageUrlTooLong),
        noControlCharacters(),
        // A picture is fetched from the web: a javascript: or data: link is no picture.
        z.refine((url) => url === '' || isWebAddress(url), MESSAGES.validation.imageUrlInvalid),
      ),
    ),
  ),
});
