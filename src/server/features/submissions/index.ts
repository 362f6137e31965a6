// What the submissions feature offers the others: when a review is due, and a submitted song's audio taken in
// (checked, stored, its analysis queued with its row), which a rewrite takes in the same way.
export { companyToday, reviewDueOn } from './due-dates';
export { insertSubmissionAudio, putSubmissionAudio } from './submissions.service';
