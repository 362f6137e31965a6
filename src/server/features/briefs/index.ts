// What the briefs feature offers the others: a new song sent for review linked to the brief it answers, checked
// before its files are read and again in its own transaction.
export { answerWithSubmission, assertBriefTakesAnswers } from './briefs.service';
