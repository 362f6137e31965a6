import { PITCH_AGREEMENT as P } from '../constants';

export const agreements = {
  notFound: 'Pitch agreement not found',
  notSigned: 'This agreement has not been signed, so there is no signed copy to download.',
  reviewNotReviewed: 'A pitch agreement can be offered only on a song whose review has been sent.',
  alreadyOpen: 'This song already has an open or accepted pitch agreement.',
  notOpen: 'This offer is no longer open: it was accepted, declined, withdrawn or has expired.',
  expired: 'This offer has expired. Ask us for a new one if you would still like your song pitched.',
  commissionRange: `Commission must be a whole number from 1 to ${P.maxCommissionPercent} percent`,
  termRange: `The term must be from 1 to ${P.maxTermMonths} months`,
  expiryRange: `The offer must stay open from 1 to ${P.maxExpiresInDays} days`,
  noteTooLong: `The note must be at most ${P.noteMax.toLocaleString('en-US')} characters`,
  legalNameRequired: 'Type your full legal name to sign',
  legalNameTooLong: `Your name must be at most ${P.legalNameMax} characters`,
  consentRequired: 'Tick the box to agree to the terms',
  /** What the songwriter reads of their signed song's place in the catalogue. */
  inCatalogue: (state: 'unpublished' | 'published') =>
    state === 'published'
      ? 'Your song is in our catalogue and published: the artists and teams we pitch to can now hear it.'
      : 'Your song is in our catalogue. It is not yet published: we are preparing it for the artists and teams we pitch to.',
  reasonTooLong: `The reason must be at most ${P.declineReasonMax.toLocaleString('en-US')} characters`,
};
