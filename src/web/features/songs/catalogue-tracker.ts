import type { Ok, StartedPlay } from '../../../common/responses';
import type { PlayTracker } from '../../components/player/play-tracker';
import { api } from '../../lib/api';

// keepalive on every report: any of them may be the one sent as the page goes away (pagehide), and
// reports are tiny, far below the browser's 64 kB budget for such requests.
export const catalogueTracker: PlayTracker = {
  start: async (songId, report) =>
    (await api<StartedPlay>('/api/plays', { method: 'POST', body: { songId, ...report }, keepalive: true })).id,
  update: async (playId, report) => {
    await api<Ok>(`/api/plays/${encodeURIComponent(playId)}`, { method: 'PATCH', body: report, keepalive: true });
  },
};
