import * as z from 'zod/mini';
import { COMMENTER_DISPLAYS, SITE_SETTINGS } from '../constants';
import * as MESSAGES from '../messages';
import { emailField, requiredText } from './fields';

const m = MESSAGES.settings;

/** PUT /api/admin/settings, and the admin's settings form: who the company is, and how commenters are shown. */
export const SiteSettingsSchema = z.object({
  companyLegalName: requiredText(m.legalNameRequired, SITE_SETTINGS.legalNameMax, m.legalNameTooLong),
  companyAddress: requiredText(m.addressRequired, SITE_SETTINGS.addressMax, m.addressTooLong, { multiLine: true }),
  contactEmail: emailField,
  governingLaw: requiredText(m.governingLawRequired, SITE_SETTINGS.governingLawMax, m.governingLawTooLong),
  commenterDisplay: z.enum(COMMENTER_DISPLAYS, m.commenterDisplayInvalid),
});
export type SiteSettingsValues = z.output<typeof SiteSettingsSchema>;
