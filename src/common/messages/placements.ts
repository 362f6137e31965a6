import { PLACEMENT as P, type PlacementStatus } from '../constants';

export const placements = {
  /** Each placement status as the pages name it. */
  statusLabels: { on_hold: 'On hold', cut: 'Cut', released: 'Released' } satisfies Record<PlacementStatus, string>,
  notFound: 'Placement not found',
  songNotFound: 'Song not found',
  notPitched: 'Placements can be recorded only on a song that came in under a signed pitch agreement.',
  termEnded: (date: string) => `This song's pitch agreement ended on ${date}: placements after its term earn no commission.`,
  songHasPlacements: 'This song has placements recorded, so it cannot be deleted. Make it inactive to take it out of the catalogue.',
  artistRequired: 'Enter the artist',
  artistTooLong: `The artist must be at most ${P.artistMax} characters`,
  projectTooLong: `The project must be at most ${P.projectMax} characters`,
  labelTooLong: `The label must be at most ${P.labelMax} characters`,
  statusInvalid: 'Choose on hold, cut or released',
  releaseDateInvalid: 'Enter the release date as YYYY-MM-DD',
  incomeInvalid: 'Enter the income in dollars, such as 1000 or 1000.50',
  incomeTooLarge: `The income must be at most $${(P.incomeMaxCents / 100).toLocaleString('en-US')}`,
};
