// What the briefs feature offers the others: the signing's hook that puts a screened new song on its brief's shortlist.
export { shortlistSignedSubmission } from './shortlist.service';
