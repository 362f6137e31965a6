// What the reviews feature offers the others: which round of a review a row is.
export { roundOf } from './rewrites';
