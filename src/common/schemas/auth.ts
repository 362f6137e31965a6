import * as z from 'zod/mini';
import * as MESSAGES from '../messages';
import { emailField, passwordField } from './fields';

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
