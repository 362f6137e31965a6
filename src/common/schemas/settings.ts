import * as z from 'zod/mini';
import { COMMENTER_DISPLAYS, FAST_REVIEW, SITE_SETTINGS } from '../constants';
import * as MESSAGES from '../messages';
import { emailField, requiredText } from './fields';

const m = MESSAGES.settings;

/** A whole number within a range, or null (the faster review not offered); the form sends null for a blank field. */
const wholeOrNull = (min: number, max: number, invalid: string, range: string) =>
  z._default(
    z.nullable(
      z.number(invalid).check(
        z.refine(Number.isInteger, invalid),
        z.refine((n) => n >= min && n <= max, range),
      ),
    ),
    null,
  );

/**
 * PUT /api/admin/settings, and the admin's settings form: who the company is, how commenters are shown, and the
 * faster review (price per song in cents and turnaround in business days, both or neither; decision 0095).
 */
export const SiteSettingsSchema = z
  .object({
    companyLegalName: requiredText(m.legalNameRequired, SITE_SETTINGS.legalNameMax, m.legalNameTooLong),
    companyAddress: requiredText(m.addressRequired, SITE_SETTINGS.addressMax, m.addressTooLong, { multiLine: true }),
    contactEmail: emailField,
    governingLaw: requiredText(m.governingLawRequired, SITE_SETTINGS.governingLawMax, m.governingLawTooLong),
    commenterDisplay: z.enum(COMMENTER_DISPLAYS, m.commenterDisplayInvalid),
    fastReviewPriceCents: wholeOrNull(
      FAST_REVIEW.priceMinCents,
      FAST_REVIEW.priceMaxCents,
      m.fastReviewPriceInvalid,
      m.fastReviewPriceRange,
    ),
    fastReviewBusinessDays: wholeOrNull(
      FAST_REVIEW.businessDaysMin,
      FAST_REVIEW.businessDaysMax,
      m.fastReviewDaysInvalid,
      m.fastReviewDaysRange,
    ),
  })
  .check(
    z.refine((s) => (s.fastReviewPriceCents === null) === (s.fastReviewBusinessDays === null), {
      message: m.fastReviewBoth,
      path: ['fastReviewBusinessDays'],
    }),
  );
export type SiteSettingsValues = z.output<typeof SiteSettingsSchema>;
export type SiteSettingsInput = z.input<typeof SiteSettingsSchema>;
