import * as z from 'zod/mini';
import { PITCH_AGREEMENT as P, PITCH_PIPELINE_STAGES } from '../constants';
import * as MESSAGES from '../messages';
import { optionalText, requiredText } from './fields';

const m = MESSAGES.agreements;

const wholeNumber = (min: number, max: number, message: string, fallback: number) =>
  z._default(z.number({ error: message }).check(z.int({ error: message }), z.gte(min, message), z.lte(max, message)), fallback);

/** POST /api/admin/pitch-agreements: an admin offers to pitch a reviewed song, on these terms. */
export const PitchOfferSchema = z.object({
  reviewId: z.uuid(),
  commissionPercent: wholeNumber(1, P.maxCommissionPercent, m.commissionRange, P.defaultCommissionPercent),
  termMonths: wholeNumber(1, P.maxTermMonths, m.termRange, P.defaultTermMonths),
  expiresInDays: wholeNumber(1, P.maxExpiresInDays, m.expiryRange, P.defaultExpiresInDays),
  note: optionalText(P.noteMax, m.noteTooLong, { multiLine: true }),
});
export type PitchOfferInput = z.input<typeof PitchOfferSchema>;
export type PitchOfferValues = z.output<typeof PitchOfferSchema>;

/** POST /api/pitch-agreements/:id/accept: the songwriter signs by typing their full legal name and consenting. */
export const AcceptPitchAgreementSchema = z.object({
  legalName: requiredText(m.legalNameRequired, P.legalNameMax, m.legalNameTooLong),
  consent: z.literal(true, { error: m.consentRequired }),
});
export type AcceptPitchAgreementInput = z.input<typeof AcceptPitchAgreementSchema>;

/** POST /api/pitch-agreements/:id/decline, with an optional reason. */
export const DeclinePitchAgreementSchema = z.object({
  reason: optionalText(P.declineReasonMax, m.reasonTooLong, { multiLine: true }),
});

/** GET /api/admin/pitch-pipeline and the page's URL: every agreement, or those at one stage of the pipeline. */
export const PitchPipelineQuerySchema = z.object({
  state: z.optional(z.enum(PITCH_PIPELINE_STAGES)),
});
export type PitchPipelineQuery = z.output<typeof PitchPipelineQuerySchema>;
