// What the pitch report feature offers the others: the report section of the songwriter's dashboard.
export { PitchReportSection } from './pitch-report-section';
