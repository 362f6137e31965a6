import { LoaderCircle, MessageSquare, Pause, Play, Volume1, Volume2, VolumeX } from 'lucide-react';
import { useId, useImperativeHandle, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import * as MESSAGES from '../../../common/messages';
import { cn } from '../../lib/cn';
import { formatTime } from './format-time';
import type { PlayTracker } from './play-tracker';
import { usePlayTracking } from './use-play-tracking';
import { LARGE_STEP_SECONDS, SMALL_STEP_SECONDS, WaveformSlider } from './waveform-slider';

/** A moment marked on the waveform (a reviewer's note): a button that seeks there. */
export interface PlayerMarker {
  id: string;
  seconds: number;
  /** The button's accessible name and tooltip, e.g. "Note at 0:47: the chorus lift…". */
  label: string;
}

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
  /** Where the plays are reported (the catalogue's /api/plays, or a pitch page's own); none for a review's submission. */
  tracker?: PlayTracker;
  /** Moments marked under the waveform; choosing one seeks there. */
  markers?: PlayerMarker[];
  controlRef?: Ref<PlayerControls>;
  /** Fetches a fresh link; null (or a throw) when none could be had. Without it, a retry reuses the link. */
  refreshSrc?: () => Promise<string | null>;
  className?: string;
}

type PlayerError = 'load' | 'play' | null;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The song's player: a native <audio> that streams (nothing, or only metadata, until played; the server answers Range
 * requests, so neither playing nor seeking waits for the whole file, and nothing is decoded here) with our
 * own controls over the waveform computed at upload. With focus anywhere in the player, Space plays or
 * pauses and the Left and Right arrows skip 5 seconds.
 */
export function AudioPlayer({
  songId,
  title,
  src,
  peaks,
  durationSeconds,
  tracker,
  markers,
  controlRef,
  refreshSrc,
  className,
}: AudioPlayerProps) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const volumeRef = useRef<HTMLInputElement>(null);
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
  const hintId = useId();
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
        audio.src = fresh ?? audio.currentSrc ?? initialSrc;
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

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    if (event.key === ' ') {
      // A focused button already answers Space with a click (the play button toggles by itself).
      if (target.tagName === 'BUTTON') return;
      event.preventDefault();
      toggle();
    } else if ((event.key === 'ArrowLeft' || event.key === 'ArrowRight') && target !== volumeRef.current) {
      event.preventDefault();
      seekTo((audioRef.current?.currentTime ?? current) + (event.key === 'ArrowLeft' ? -SMALL_STEP_SECONDS : SMALL_STEP_SECONDS));
    }
  };

  const updateDuration = () => {
    const value = audioRef.current?.duration ?? 0;
    if (Number.isFinite(value)) setMediaDuration(value);
  };

  const VolumeIcon = volume === 0 ? VolumeX : volume < 0.5 ? Volume1 : Volume2;
  const spinning = busy || (playing && buffering);

  return (
    <div
      role="group"
      aria-label={`Audio player: ${title}`}
      aria-describedby={hintId}
      onKeyDown={onKeyDown}
      className={cn('rounded-xl border border-border bg-card p-4 shadow-sm', className)}
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
      <p id={hintId} className="sr-only">
        Space plays or pauses. The left and right arrow keys skip {SMALL_STEP_SECONDS} seconds; on the waveform, Page Up and Page Down skip{' '}
        {LARGE_STEP_SECONDS} seconds, and Home and End go to the start and the end.
      </p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-3 sm:gap-x-4">
        <button
          type="button"
          onClick={toggle}
          aria-label={playing ? 'Pause' : 'Play'}
          aria-busy={spinning || undefined}
          className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-sm transition-colors hover:bg-primary-hover"
        >
          {spinning ? (
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
          ) : playing ? (
            <Pause aria-hidden="true" className="size-5" fill="currentColor" />
          ) : (
            <Play aria-hidden="true" className="ml-0.5 size-5" fill="currentColor" />
          )}
        </button>
        <div className="grid min-w-0 flex-1 basis-48 gap-1">
          <WaveformSlider peaks={peaks} position={current} duration={duration} onSeek={seekTo} />
          {markers && markers.length > 0 && duration > 0 && <MarkerStrip markers={markers} duration={duration} onSeek={seekTo} />}
          <div className="flex justify-between text-xs tabular-nums text-muted-foreground">
            <span>{formatTime(current)}</span>
            <span>{formatTime(duration)}</span>
          </div>
        </div>
        {/* Below 640px the volume wraps onto its own row, so the waveform keeps its width. */}
        <div className="flex w-full items-center gap-2 sm:w-28">
          <VolumeIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <input
            ref={volumeRef}
            type="range"
            min={0}
            max={1}
            step={0.1}
            value={volume}
            onChange={(event) => {
              const value = Number(event.target.value);
              if (audioRef.current) audioRef.current.volume = value;
              setVolume(value);
            }}
            aria-label="Volume"
            aria-valuetext={`${Math.round(volume * 100)}%`}
            className="h-2 w-full cursor-pointer accent-primary"
          />
        </div>
      </div>
      {error && (
        <p role="alert" className="mt-3 text-sm font-medium text-destructive">
          {error === 'play' ? MESSAGES.songs.audioPlayError : MESSAGES.songs.audioLoadError}
        </p>
      )}
    </div>
  );
}

/** The markers in a strip under the waveform, each a button at its moment (not inside the slider, which has its own keys). */
function MarkerStrip({ markers, duration, onSeek }: { markers: PlayerMarker[]; duration: number; onSeek: (seconds: number) => void }) {
  return (
    <ul aria-label="Markers" className="relative h-6 w-full">
      {markers.map((marker) => (
        <li
          key={marker.id}
          className="absolute top-0 -translate-x-1/2"
          style={{ left: `${Math.min(1, Math.max(0, marker.seconds / duration)) * 100}%` }}
        >
          <button
            type="button"
            aria-label={marker.label}
            title={marker.label}
            onClick={() => onSeek(marker.seconds)}
            className="flex size-6 items-start justify-center rounded-sm text-primary hover:text-primary-hover focus-visible:outline-2 focus-visible:outline-ring"
          >
            <MessageSquare aria-hidden="true" className="size-4" fill="currentColor" />
          </button>
        </li>
      ))}
    </ul>
  );
}
