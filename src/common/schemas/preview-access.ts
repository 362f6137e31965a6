import * as z from 'zod/mini';
import { LIMITS, PREVIEW_ACCESS_STATES, PRO_AFFILIATIONS } from '../constants';
import * as MESSAGES from '../messages';
import { emailField, passwordField, plainText, requiredText, searchText } from './fields';
import { PageQuerySchema } from './admin';

const m = MESSAGES.previewAccess;
const v = MESSAGES.validation;

/** The /preview-request form. */
export const PreviewRequestSchema = z.object({
  name: requiredText(v.nameRequired, LIMITS.nameMax, v.nameTooLong),
  companyName: requiredText(m.companyRequired, LIMITS.companyMax, m.companyTooLong),
  email: emailField,
  proAffiliation: z.enum(PRO_AFFILIATIONS, { error: m.proRequired }),
  projectDescription: requiredText(m.descriptionRequired, LIMITS.projectDescriptionMax, m.descriptionTooLong, { multiLine: true }),
});
export type PreviewRequestInput = z.infer<typeof PreviewRequestSchema>;

/** The /preview-signup form: the e-mail comes read-only from the link. */
export const PreviewSignupSchema = z
  .object({
    password: passwordField,
    confirmPassword: z.string(),
  })
  .check(z.refine((d) => d.password === d.confirmPassword, { message: v.passwordsDontMatch, path: ['confirmPassword'] }));
export type PreviewSignupInput = z.infer<typeof PreviewSignupSchema>;

/** Admin: Create Preview Account. Name and company are optional. */
export const CreatePreviewAccountSchema = z.object({
  email: emailField,
  password: passwordField,
  name: z._default(z.optional(plainText(LIMITS.nameMax, v.nameTooLong)), ''),
  companyName: z._default(z.optional(plainText(LIMITS.companyMax, m.companyTooLong)), ''),
});
export type CreatePreviewAccountInput = z.input<typeof CreatePreviewAccountSchema>;

export const PreviewRequestListQuerySchema = z.extend(PageQuerySchema, {
  status: z._default(z.enum([...PREVIEW_ACCESS_STATES, 'all']), 'all'),
  q: searchText(),
});
export type PreviewRequestListQuery = z.output<typeof PreviewRequestListQuerySchema>;
