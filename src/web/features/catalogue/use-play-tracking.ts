import { useEffect, type RefObject } from 'react';
import { startPlay, updatePlay, type PlayReport } from './catalogue-api';

/** timeupdate fires every 15-250 ms while playing; a bigger jump than this between two is a seek, not listening. */
const MAX_STEP_SECONDS = 2;
const MAX_REPORTED_SECONDS = 24 * 3600;

/**
 * Reports listening for one player instance (spec: one play per player instance). The first pause after
 * playing started (or the end of the track) creates the play row; later pauses and ends update it with the
 * new totals. Listening time is summed from the steps between timeupdate events, so seeking forward does
 * not count as listening. If the page goes away mid-play (pagehide, or the player unmounts), the totals
 * are sent with fetch keepalive. Failures are only logged: a play report must never bother the listener.
 */
export function usePlayTracking(songId: string, audioRef: RefObject<HTMLAudioElement | null>) {
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;

    let started = false;
    let completed = false;
    let listened = 0;
    let last: number | null = null;
    let playId: string | null = null;
    // Reports go out one after another: an update needs the id the first report returns.
    let queue: Promise<void> = Promise.resolve();

    const accumulate = () => {
      const now = audio.currentTime;
      if (last !== null) {
        const step = now - last;
        if (step > 0 && step <= MAX_STEP_SECONDS) listened += step;
      }
      last = now;
    };

    const report = (keepalive = false) => {
      if (!started) return;
      const body: PlayReport = { durationSeconds: Math.min(MAX_REPORTED_SECONDS, Math.round(listened)), completed };
      queue = queue
        .then(async () => {
          if (playId === null) playId = (await startPlay(songId, body, keepalive)).id;
          else await updatePlay(playId, body, keepalive);
        })
        .catch((error: unknown) => console.warn('Could not report the play', error));
    };

    const onPlaying = () => {
      started = true;
      last = audio.currentTime;
    };
    const onTimeUpdate = () => {
      if (audio.paused || audio.seeking) last = audio.currentTime;
      else accumulate();
    };
    const onSeeking = () => {
      last = audio.currentTime;
    };
    const onPause = () => {
      // At the end of the track 'pause' comes just before 'ended', which reports (completed) by itself.
      if (audio.ended) return;
      accumulate();
      report();
    };
    const onEnded = () => {
      accumulate();
      completed = true;
      report();
    };
    const flushIfPlaying = () => {
      if (!started || audio.paused || audio.ended) return;
      accumulate();
      report(true);
    };

    audio.addEventListener('playing', onPlaying);
    audio.addEventListener('timeupdate', onTimeUpdate);
    audio.addEventListener('seeking', onSeeking);
    audio.addEventListener('pause', onPause);
    audio.addEventListener('ended', onEnded);
    window.addEventListener('pagehide', flushIfPlaying);
    return () => {
      flushIfPlaying();
      audio.removeEventListener('playing', onPlaying);
      audio.removeEventListener('timeupdate', onTimeUpdate);
      audio.removeEventListener('seeking', onSeeking);
      audio.removeEventListener('pause', onPause);
      audio.removeEventListener('ended', onEnded);
      window.removeEventListener('pagehide', flushIfPlaying);
      // A detached element would stop by itself, a moment later; stop it now, after the listeners are gone.
      audio.pause();
    };
  }, [songId, audioRef]);
}
