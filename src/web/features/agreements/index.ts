// What the agreements feature offers the others: the pitch offer on each side of a review page, and the open
// offers on the songwriter's dashboard.
export { AdminPitchOfferPanel } from './admin-pitch-offer-panel';
export { PitchOfferCard } from './pitch-offer-card';
export { OpenPitchOffers } from './open-pitch-offers';
