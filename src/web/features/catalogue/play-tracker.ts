import { api } from '../../lib/api';
import type { Ok, StartedPlay } from '../../../common/responses';

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

// keepalive on every report: any of them may be the one sent as the page goes away (pagehide), and
// reports are tiny, far below the browser's 64 kB budget for such requests.
export const catalogueTracker: PlayTracker = {
  start: async (songId, report) =>
    (await api<StartedPlay>('/api/plays', { method: 'POST', body: { songId, ...report }, keepalive: true })).id,
  update: async (playId, report) => {
    await api<Ok>(`/api/plays/${encodeURIComponent(playId)}`, { method: 'PATCH', body: report, keepalive: true });
  },
};
