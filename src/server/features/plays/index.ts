// What the plays feature offers the others: a play begun and reported, for listeners on a pitch link too.
export { recordPlayReport, recordPlayStart } from './plays.service';
