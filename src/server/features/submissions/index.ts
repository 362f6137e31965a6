// What the submissions feature offers the others: when a review is due, and a submitted song's audio taken in
// (checked, its waveform drawn, stored), which a rewrite takes in the same way.
export { companyToday, reviewDueOn } from './due-dates';
export { putSubmissionAudio } from './submissions.service';
