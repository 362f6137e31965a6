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
  /** The faster review's price per song and turnaround; both null while it is not offered. */
  fastReviewPriceCents: z.number().int().nullable(),
  fastReviewBusinessDays: z.number().int().nullable(),
  updatedAt: timestamp.nullable(),
});
export type SiteSettingsResponse = z.output<typeof SiteSettingsResponseSchema>;
