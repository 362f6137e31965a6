import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { SongSection } from '../../../common/responses/audio-analysis';
import type { PlayTracker } from './play-tracker';
import { PlayerPanel, type PlayerError, type PlayerMarker } from './player-panel';
import { usePlayTracking } from './use-play-tracking';

export type { PlayerMarker } from './player-panel';

/** What a page may ask of the player: where the playhead is, and to move it. */
export interface PlayerControls {
  position(): number;
  seekTo(seconds: number): void;
}

export interface AudioPlayerProps {
  songId: string;
  title: string;
  /** A signed link to the audio; it expires, so the player asks for a fresh one when playing fails. */
  src: string;
  /** The waveform computed at upload (0-255 each); null draws a flat bar. */
  peaks: number[] | null;
  /** The length decoded at upload: the waveform is seekable before the audio's metadata arrives. */
  durationSeconds: number | null;
  /** Where the plays are reported; none for a review's submission. */
  tracker?: PlayTracker;
  /** Moments marked under the waveform; choosing one seeks there. */
  markers?: PlayerMarker[];
  /** The song's sections, as bands under the waveform that seek to their start. */
  sections?: readonly SongSection[] | null;
  controlRef?: Ref<PlayerControls>;
  /** Fetches a fresh link; null (or a throw) when none could be had. Without it, a retry reuses the link. */
  refreshSrc?: () => Promise<string | null>;
  /** Drawn slim: play and pause, the waveform and the time (see PlayerPanel). */
  compact?: boolean;
  className?: string;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * A player with an audio element of its own, for a page that plays one file apart from the catalogue's player
 * (the review pages' submissions). A native <audio> that streams (nothing, or only metadata, until played;
 * the server answers Range requests, so neither playing nor seeking waits for the whole file, and nothing is
 * decoded here) under our own controls over the waveform computed at upload.
 */
export function AudioPlayer({
  songId,
  title,
  src,
  peaks,
  durationSeconds,
  tracker,
  controlRef,
  refreshSrc,
  compact,
  className,
  // What is drawn on and under the waveform: the markers and the sections.
  ...marks
}: AudioPlayerProps) {
  const audioRef = useRef<HTMLAudioElement>(null);
  // React sets src once: assigning the same src again would restart loading and stop playback. Fresh links
  // are put on the element directly (see play()).
  const [initialSrc] = useState(src);
  const [playing, setPlaying] = useState(false);
  const [busy, setBusy] = useState(false);
  const [buffering, setBuffering] = useState(false);
  const [current, setCurrent] = useState(0);
  const [mediaDuration, setMediaDuration] = useState(0);
  const [volume, setVolume] = useState(1);
  const [error, setError] = useState<PlayerError>(null);
  usePlayTracking(songId, audioRef, tracker);
  const duration = mediaDuration || durationSeconds || 0;

  // While Play is being answered, a failed load is the play's to handle (by fetching a fresh link), not an
  // error to show: the listener sees the spinner, then music or the play error.
  const answeringPlay = useRef(false);

  const play = async () => {
    const audio = audioRef.current;
    if (!audio || busy || answeringPlay.current) return;
    answeringPlay.current = true;
    setError(null);
    try {
      // An element that already failed (expired link, network drop) cannot recover by itself.
      if (!audio.error) {
        try {
          await audio.play();
          return;
        } catch (failure) {
          if (isAbort(failure)) return;
        }
      }
      // Most likely the signed link expired: fetch a fresh one and try once more.
      setBusy(true);
      const position = audio.currentTime;
      try {
        const fresh = refreshSrc ? await refreshSrc().catch(() => null) : null;
        // Without a fresh link, retry the one we have (a failed refresh falls back to the original).
        audio.src = fresh || audio.currentSrc || initialSrc;
        if (position > 0) audio.currentTime = position;
        await audio.play();
        setError(null);
      } catch (failure) {
        if (!isAbort(failure)) setError('play');
      } finally {
        setBusy(false);
      }
    } finally {
      answeringPlay.current = false;
    }
  };

  const toggle = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused || audio.ended || error) void play();
    else audio.pause();
  };

  const seekTo = (seconds: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    const target = Math.max(0, duration > 0 ? Math.min(duration, seconds) : seconds);
    // Before its metadata the element has no timeline yet: it starts from there once it has one.
    audio.currentTime = target;
    setCurrent(target);
  };

  useImperativeHandle(controlRef, () => ({ position: () => audioRef.current?.currentTime ?? current, seekTo }));

  const updateDuration = () => {
    const value = audioRef.current?.duration ?? 0;
    if (Number.isFinite(value)) setMediaDuration(value);
  };

  return (
    <PlayerPanel
      className={className}
      title={title}
      playing={playing}
      spinning={busy || (playing && buffering)}
      position={current}
      duration={duration}
      peaks={peaks}
      volume={volume}
      error={error}
      onToggle={toggle}
      onSeek={seekTo}
      onVolume={(value) => {
        if (audioRef.current) audioRef.current.volume = value;
        setVolume(value);
      }}
      {...marks}
      compact={compact}
    >
      <audio
        ref={audioRef}
        src={initialSrc}
        // The length decoded at upload already sizes the waveform, so nothing is fetched until Play (384 kB
        // to start a 6-minute song, against 640 kB read ahead on page load for metadata: bench A1).
        preload={durationSeconds ? 'none' : 'metadata'}
        onPlay={() => setPlaying(true)}
        onPlaying={() => {
          setError(null);
          setBuffering(false);
        }}
        onWaiting={() => setBuffering(true)}
        onCanPlay={() => setBuffering(false)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(event) => setCurrent(event.currentTarget.currentTime)}
        onLoadedMetadata={updateDuration}
        onDurationChange={updateDuration}
        onError={() => {
          setPlaying(false);
          setBuffering(false);
          if (answeringPlay.current) return;
          // A failed retry's message says more than this one; keep it.
          setError((previous) => (previous === 'play' ? previous : 'load'));
        }}
      />
    </PlayerPanel>
  );
}
