import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { PlayTracker } from './play-tracker';
import { trackPlays } from './play-tracking';

/**
 * Reports listening for a player with an audio element of its own: one play per player instance (see
 * trackPlays). A player without a tracker (a submission on a review page) reports nothing.
 */
export function usePlayTracking(songId: string, audioRef: RefObject<HTMLAudioElement | null>, tracker: PlayTracker | undefined) {
  // The latest tracker without restarting the play when a parent passes a new object each render.
  const trackerRef = useRef(tracker);
  useLayoutEffect(() => {
    trackerRef.current = tracker;
  });
  const tracking = tracker !== undefined;

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !tracking) return;
    const stop = trackPlays(audio, songId, () => trackerRef.current);
    return () => {
      stop();
      // A detached element would stop by itself, a moment later; stop it now, after the listeners are gone.
      audio.pause();
    };
  }, [songId, audioRef, tracking]);
}
