import { z } from 'zod';
import { LIMITS, PACKAGE_SIZES, PRO_AFFILIATIONS } from '../constants';
import * as MESSAGES from '../messages';
import { emailField, requiredText, songwriterPasswordField } from './fields';

const m = MESSAGES.songwriters;
const v = MESSAGES.validation;

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

/** Step 1: the account. Username at least 3, password at least 8 (spec section 5). */
export const SongwriterSignupSchema = z
  .object({
    username: z
      .string()
      .trim()
      .min(LIMITS.usernameMin, m.usernameMin)
      .max(LIMITS.usernameMax, m.usernameMax)
      .regex(USERNAME_PATTERN, m.usernamePattern),
    email: emailField,
    password: songwriterPasswordField,
    confirmPassword: z.string(),
  })
  .refine((d) => d.password === d.confirmPassword, { message: v.passwordsDontMatch, path: ['confirmPassword'] });
export type SongwriterSignupInput = z.infer<typeof SongwriterSignupSchema>;

const req = (label: string, max = 200) => requiredText(`${label} is required`, max, `${label} must be at most ${max} characters`);

/** Step 2: the profile; every field required. */
export const SongwriterProfileSchema = z.object({
  firstName: req('First name', 100),
  lastName: req('Last name', 100),
  email: emailField,
  phone: z.string().trim().min(LIMITS.phoneMin, m.phoneRequired).max(30, m.phoneRequired),
  streetAddress: req('Street address'),
  city: req('City', 100),
  stateProvince: req('State/Province', 100),
  zip: req('ZIP/Postal code', 20),
  country: req('Country', 100),
});
export type SongwriterProfileInput = z.infer<typeof SongwriterProfileSchema>;

const answer = z.string().trim().min(1, v.required).max(500, 'At most 500 characters');

/** Step 3: the questionnaire. The PRO question is asked only when the writer has published. */
export const SongwriterQuestionnaireSchema = z
  .object({
    yearsWriting: answer,
    songsWritten: answer,
    mostRecentSong: answer,
    preferredGenre: answer,
    hasPublished: z.boolean({ error: m.selectOption }),
    proAffiliation: z.enum(PRO_AFFILIATIONS).optional(),
    howFoundUs: answer,
  })
  .transform((d) => ({ ...d, proAffiliation: d.hasPublished ? (d.proAffiliation ?? 'Not Affiliated') : 'Not Affiliated' }));
export type SongwriterQuestionnaireInput = z.input<typeof SongwriterQuestionnaireSchema>;

export const CheckoutSchema = z.object({
  packageSize: z.union(PACKAGE_SIZES.map((n) => z.literal(n)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>, z.ZodLiteral<4>], {
    error: m.packageInvalid,
  }),
});

export const ClaimBySessionSchema = z.object({ sessionId: z.string().trim().min(1).max(255) });
export const ClaimByEmailSchema = z.object({ email: z.string().trim().min(1, v.emailRequired).pipe(emailField) });
export const ClaimConfirmSchema = z.object({ token: z.string().min(1).max(2048) });
