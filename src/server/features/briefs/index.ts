// What the briefs feature offers the others: a new song sent for review linked to the brief it answers, checked
// before its files are read and again in its own transaction; and the signing's hook that puts a screened new song
// on its brief's shortlist.
export { answerWithSubmission, assertBriefTakesAnswers } from './briefs.service';
export { shortlistSignedSubmission } from './shortlist.service';
