/** What the site settings routes answer. */
import { z } from 'zod';
import { COMMENTER_DISPLAYS } from '../constants';
import { timestamp } from './common';

/** GET and PUT /api/admin/settings: the settings in force, and when an admin last saved them (null: the defaults). */
export const SiteSettingsResponseSchema = z.object({
  companyLegalName: z.string(),
  companyAddress: z.string(),
  contactEmail: z.string(),
  governingLaw: z.string(),
  commenterDisplay: z.enum(COMMENTER_DISPLAYS),
  updatedAt: timestamp.nullable(),
});
export type SiteSettingsResponse = z.output<typeof SiteSettingsResponseSchema>;
