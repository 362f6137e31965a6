// What the songwriters feature offers the others: how a songwriter is named, and which of a review's messages
// someone has yet to read.
export { songwriterSummary } from './songwriter-summary';
export { unreadBy } from './unread-messages';
