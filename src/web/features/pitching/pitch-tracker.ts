import type { PlayTracker } from '../../components/player/play-tracker';
import { startPitchPlay, updatePitchPlay } from './pitching-api';

/** The pitch page's player reports to the link's own play routes (keepalive: any report may be the last). */
export function pitchTracker(token: string): PlayTracker {
  return {
    start: async (songId, report) => (await startPitchPlay(token, songId, report, true)).id,
    update: async (playId, report) => {
      await updatePitchPlay(token, playId, report, true);
    },
  };
}
