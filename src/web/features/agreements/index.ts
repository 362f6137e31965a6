// What the agreements feature offers the others: the pitch offer on each side of a review page.
export { AdminPitchOfferPanel } from './admin-pitch-offer-panel';
export { PitchOfferCard } from './pitch-offer-card';
