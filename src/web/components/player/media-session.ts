import type { PlayerEngine, QueueItem, SongMedia } from './player-engine';

/**
 * The Media Session API: what the lock screen, the notification area and headphone buttons show and do. Every
 * call is guarded: a browser without it (or with only part of it) plays the same, without those controls.
 */
const session = (): MediaSession | null =>
  typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : null;

/**
 * The song's title, who it is by (its writer info), and its cover when it has one. Not the site's name:
 * importing lib/site-name into the player's modules makes the bundler split the app entry's shared code into
 * more chunks, about 2 kB more on every public page (bench P1), for one line on the lock screen.
 */
export function showInMediaSession(item: QueueItem, media: SongMedia | null) {
  const mediaSession = session();
  if (!mediaSession || typeof MediaMetadata === 'undefined') return;
  try {
    mediaSession.metadata = new MediaMetadata({
      title: item.title,
      artist: media?.artist ?? '',
      // The server's web copy of the cover, a WebP of at most 800 px a side.
      artwork: media?.imageUrl ? [{ src: new URL(media.imageUrl, window.location.href).href, type: 'image/webp' }] : [],
    });
  } catch (error) {
    console.warn('Could not show the song in the media session', error);
  }
}

/** Where the song is, so the lock screen's progress and its seeking match the player. */
export function showMediaSessionPosition(audio: HTMLAudioElement, state?: MediaSessionPlaybackState) {
  const mediaSession = session();
  if (!mediaSession) return;
  if (state) mediaSession.playbackState = state;
  const duration = audio.duration;
  if (!mediaSession.setPositionState || !Number.isFinite(duration) || duration <= 0) return;
  try {
    mediaSession.setPositionState({ duration, playbackRate: audio.playbackRate || 1, position: Math.min(duration, audio.currentTime) });
  } catch {
    // A position the browser refuses (a rate it does not take) only leaves its progress bar behind.
  }
}

export function clearMediaSession() {
  const mediaSession = session();
  if (!mediaSession) return;
  mediaSession.metadata = null;
  mediaSession.playbackState = 'none';
}

const ACTIONS = ['play', 'pause', 'previoustrack', 'nexttrack', 'seekto'] as const;

/**
 * Play, pause, previous, next and seeking to a point, answered by the player (null: no one answers); previous
 * and next only while the queue has a song that way. Skipping back and ahead by a few seconds are left out on
 * purpose: a lock screen that has them shows them instead of previous and next.
 */
export function setMediaSessionHandlers(engine: PlayerEngine | null) {
  const mediaSession = session();
  if (!mediaSession) return;
  const handlers: Record<(typeof ACTIONS)[number], MediaSessionActionHandler | null> = engine
    ? {
        play: () => void engine.play(),
        pause: () => engine.pause(),
        previoustrack: engine.hasPrevious() ? () => engine.previous() : null,
        nexttrack: engine.hasNext() ? () => engine.next() : null,
        seekto: (details) => {
          if (details.seekTime !== undefined) engine.seekTo(details.seekTime);
        },
      }
    : { play: null, pause: null, previoustrack: null, nexttrack: null, seekto: null };
  for (const action of ACTIONS) {
    try {
      mediaSession.setActionHandler(action, handlers[action]);
    } catch {
      // An action this browser does not know.
    }
  }
}
