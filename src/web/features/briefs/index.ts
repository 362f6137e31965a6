// What the briefs feature offers the others: the brief beside the review studio's rubric, and a shortlist
// playlist's reasons and hold or pass.
export { StudioBriefPanel } from './studio-brief-panel';
export { useShortlistExtras } from './shortlist-extras';
export { MyBriefOutcomes } from './my-brief-outcomes';
