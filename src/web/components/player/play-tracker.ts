/** What a player reports about one play: seconds listened, the furthest point reached, and whether it ended. */
export interface PlayReport {
  durationSeconds: number;
  furthestSeconds: number;
  completed: boolean;
}

/**
 * Where a player sends its reports: the first creates the play and returns its id, later ones update it.
 * The catalogue reports to /api/plays; a pitch page passes its own.
 */
export interface PlayTracker {
  start(songId: string, report: PlayReport): Promise<string>;
  update(playId: string, report: PlayReport): Promise<void>;
}
