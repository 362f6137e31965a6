// What the orders feature offers the others: which orders count as paid, the account credit a review fee goes to
// (on a signed agreement or a late review),
// and the songwriter's own checkout, claims and orders that the songwriter's area serves.
export { startCheckout } from './checkout.service';
export { claimBySession, confirmClaimByEmail, requestClaimByEmail } from './claims.service';
export { creditLateReview, creditReviewFee, getMyCredit } from './credits.service';
export { getMyOrder, listMyOrders } from './my-orders.service';
export { isPaidOrder } from './paid-orders';
