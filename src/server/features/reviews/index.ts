// What the reviews feature offers the others: which round of a review a row is, and who may write a review.
export { assertMayWriteReview, reviewerOtherThan, roundOf } from './rewrites';
