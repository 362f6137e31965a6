import { PLAY_REPORT_INTERVAL_SECONDS } from '../../../common/constants';
import type { PlayReport, PlayTracker } from './play-tracker';

/** timeupdate fires every 15-250 ms while playing; a bigger jump than this between two is a seek, not listening. */
const MAX_STEP_SECONDS = 2;
const MAX_REPORTED_SECONDS = 24 * 3600;
/** Holding an arrow key seeks many times a second: report once the seeking settles. */
const SEEK_REPORT_DELAY_MS = 800;

/**
 * Reports one play of `songId` on this audio element until the returned function is called, which sends the
 * last report and lets go of the element. Nothing is reported until playback has started; then the first report
 * creates the play and later ones update it, on pause, end, seek, every PLAY_REPORT_INTERVAL_SECONDS while
 * playing, and when the page is hidden or left (the tracker sends with keepalive, so those arrive). Listening
 * time is summed from the steps between timeupdate events, so skipping ahead is not listening; the furthest
 * point is the furthest position actually played. Failures are only logged: a report must never bother the
 * listener. `tracker` is read at each report, so the caller may swap it without starting a new play.
 */
export function trackPlays(audio: HTMLAudioElement, songId: string, tracker: () => PlayTracker | undefined): () => void {
  let started = false;
  let completed = false;
  let listened = 0;
  let furthest = 0;
  let last: number | null = null;
  let playId: string | null = null;
  let sent = '';
  let seekTimer: ReturnType<typeof setTimeout> | undefined;
  // Reports go out one after another: an update needs the id the first report returns.
  let queue: Promise<void> = Promise.resolve();

  // Only a small forward step since the last event is listening; it also carries the furthest point.
  const accumulate = () => {
    const now = audio.currentTime;
    if (last !== null) {
      const step = now - last;
      if (step > 0 && step <= MAX_STEP_SECONDS) {
        listened += step;
        furthest = Math.max(furthest, now);
      }
    }
    last = now;
  };

  const report = () => {
    if (!started) return;
    const body: PlayReport = {
      durationSeconds: Math.min(MAX_REPORTED_SECONDS, Math.round(listened)),
      furthestSeconds: Math.min(MAX_REPORTED_SECONDS, Math.round(furthest * 10) / 10),
      completed,
    };
    const key = JSON.stringify(body);
    if (key === sent) return;
    sent = key;
    queue = queue
      .then(async () => {
        const current = tracker();
        if (!current) return;
        if (playId === null) playId = await current.start(songId, body);
        else await current.update(playId, body);
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
  const onSeeked = () => {
    clearTimeout(seekTimer);
    seekTimer = setTimeout(report, SEEK_REPORT_DELAY_MS);
  };
  const onPause = () => {
    // At the end of the track 'pause' comes just before 'ended', which reports (completed) by itself.
    if (audio.ended) return;
    accumulate();
    report();
  };
  const onEnded = () => {
    accumulate();
    // An ended play is a completed one, so it reached the end, however it got there.
    furthest = Math.max(furthest, audio.currentTime);
    completed = true;
    report();
  };
  const flush = () => {
    clearTimeout(seekTimer);
    if (!audio.paused && !audio.ended) accumulate();
    report();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  const interval = setInterval(() => {
    if (!audio.paused && !audio.ended) flush();
  }, PLAY_REPORT_INTERVAL_SECONDS * 1000);

  // One abort takes every listener off again.
  const listening = new AbortController();
  const { signal } = listening;
  audio.addEventListener('playing', onPlaying, { signal });
  audio.addEventListener('timeupdate', onTimeUpdate, { signal });
  audio.addEventListener('seeking', onSeeking, { signal });
  audio.addEventListener('seeked', onSeeked, { signal });
  audio.addEventListener('pause', onPause, { signal });
  audio.addEventListener('ended', onEnded, { signal });
  window.addEventListener('pagehide', flush, { signal });
  document.addEventListener('visibilitychange', onVisibility, { signal });
  return () => {
    flush();
    clearInterval(interval);
    listening.abort();
  };
}
