import * as z from 'zod/mini';
import { LIMITS, PACKAGE_SIZES, PRO_AFFILIATIONS } from '../constants';
import * as MESSAGES from '../messages';
import { emailField, idText, noControlCharacters, requiredText, songwriterPasswordField } from './fields';

const m = MESSAGES.songwriters;
const v = MESSAGES.validation;

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

const usernameField = z
  .string()
  .check(
    z.trim(),
    z.minLength(LIMITS.usernameMin, m.usernameMin),
    z.maxLength(LIMITS.usernameMax, m.usernameMax),
    z.regex(USERNAME_PATTERN, m.usernamePattern),
  );

/** Step 1: the account. Username at least 3, password at least 8. */
export const SongwriterSignupSchema = z
  .object({
    username: usernameField,
    email: emailField,
    password: songwriterPasswordField,
    confirmPassword: z.string(),
  })
  .check(z.refine((d) => d.password === d.confirmPassword, { message: v.passwordsDontMatch, path: ['confirmPassword'] }));
export type SongwriterSignupInput = z.infer<typeof SongwriterSignupSchema>;

/**
 * Step 1 for someone already signed in with another kind of account (a preview user, a reset songwriter):
 * the account's password, and a new one when it is shorter than a songwriter's minimum.
 */
export const SongwriterJoinSchema = z.object({
  username: usernameField,
  password: z
    .string({ error: m.joinPasswordRequired })
    .check(z.minLength(1, m.joinPasswordRequired), z.maxLength(LIMITS.passwordMax, v.passwordMax)),
  newPassword: z.optional(songwriterPasswordField),
});
export type SongwriterJoinInput = z.infer<typeof SongwriterJoinSchema>;

const req = (label: string, max = 200) => requiredText(`${label} is required`, max, `${label} must be at most ${max} characters`);

/** Step 2: the profile; every field required. */
export const SongwriterProfileSchema = z.object({
  firstName: req('First name', 100),
  lastName: req('Last name', 100),
  email: emailField,
  phone: z
    .string()
    .check(z.trim(), z.minLength(LIMITS.phoneMin, m.phoneRequired), z.maxLength(LIMITS.phoneMax, m.phoneTooLong), noControlCharacters()),
  streetAddress: req('Street address'),
  city: req('City', 100),
  stateProvince: req('State/Province', 100),
  zip: req('ZIP/Postal code', 20),
  country: req('Country', 100),
});
export type SongwriterProfileInput = z.infer<typeof SongwriterProfileSchema>;

const answer = requiredText(v.required, 500, 'At most 500 characters');

/** Step 3: the questionnaire. The PRO question is asked only when the writer has published. */
export const SongwriterQuestionnaireSchema = z.pipe(
  z.object({
    yearsWriting: answer,
    songsWritten: answer,
    mostRecentSong: answer,
    preferredGenre: answer,
    hasPublished: z.boolean({ error: m.selectOption }),
    proAffiliation: z.optional(z.enum(PRO_AFFILIATIONS)),
    howFoundUs: requiredText(v.required, 500, 'At most 500 characters', { multiLine: true }),
  }),
  z.transform((d) => ({ ...d, proAffiliation: d.hasPublished ? (d.proAffiliation ?? 'Not Affiliated') : 'Not Affiliated' })),
);
export type SongwriterQuestionnaireInput = z.input<typeof SongwriterQuestionnaireSchema>;

export const CheckoutSchema = z.object({
  packageSize: z.union(
    PACKAGE_SIZES.map((n) => z.literal(n)) as [z.ZodMiniLiteral<1>, z.ZodMiniLiteral<2>, z.ZodMiniLiteral<3>, z.ZodMiniLiteral<4>],
    { error: m.packageInvalid },
  ),
  /** The faster review, when the admin offers it (decision 0095): dearer, and due sooner. */
  fastReview: z._default(z.boolean(), false),
});

export const CheckoutSessionParamSchema = z.object({ sessionId: idText(255) });
export const ClaimBySessionSchema = z.object({
  sessionId: z.string().check(z.trim(), z.minLength(1), z.maxLength(255), noControlCharacters()),
});
export const ClaimByEmailSchema = z.object({ email: z.pipe(z.string().check(z.trim(), z.minLength(1, v.emailRequired)), emailField) });
export const ClaimConfirmSchema = z.object({ token: idText(2048) });
