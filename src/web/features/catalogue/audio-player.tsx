import { LoaderCircle, Pause, Play, Volume1, Volume2, VolumeX } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { MESSAGES } from '../../../common/messages';
import { cn } from '../../lib/cn';
import { formatTime } from './format-time';
import { usePlayTracking } from './use-play-tracking';

const SKIP_SECONDS = 5;

export interface AudioPlayerProps {
  songId: string;
  title: string;
  /** A signed link to the audio; it expires, so the player asks for a fresh one when playing fails. */
  src: string;
  /** Fetches the song again for a fresh link; null (or a throw) when none could be had. */
  refreshSrc: () => Promise<string | null>;
  className?: string;
}

type PlayerError = 'load' | 'play' | null;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The song page's player: a native <audio> (metadata only until played; the server answers Range requests,
 * so seeking does not download the whole file) with our own controls. With focus anywhere in the player,
 * Space plays or pauses and the Left and Right arrows skip 5 seconds.
 */
export function AudioPlayer({ songId, title, src, refreshSrc, className }: AudioPlayerProps) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const volumeRef = useRef<HTMLInputElement>(null);
  // React sets src once: assigning the same src again would restart loading and stop playback. Fresh links
  // are put on the element directly (see play()).
  const [initialSrc] = useState(src);
  const [playing, setPlaying] = useState(false);
  const [busy, setBusy] = useState(false);
  const [current, setCurrent] = useState(0);
  const [duration, setDuration] = useState(0);
  const [volume, setVolume] = useState(1);
  const [error, setError] = useState<PlayerError>(null);
  const hintId = useId();
  usePlayTracking(songId, audioRef);

  const play = async () => {
    const audio = audioRef.current;
    if (!audio || busy) return;
    setError(null);
    // An element that already failed (expired link, network drop) cannot recover by itself.
    if (!audio.error) {
      try {
        await audio.play();
        return;
      } catch (failure) {
        if (isAbort(failure)) return;
      }
    }
    // Most likely the signed link expired: fetch the song again for a fresh one and try once more.
    setBusy(true);
    const position = audio.currentTime;
    try {
      const fresh = await refreshSrc().catch(() => null);
      // Without a fresh link, retry the one we have (spec: a failed refresh falls back to the original).
      audio.src = fresh ?? audio.currentSrc ?? initialSrc;
      if (position > 0) audio.currentTime = position;
      await audio.play();
      setError(null);
    } catch (failure) {
      if (!isAbort(failure)) setError('play');
    } finally {
      setBusy(false);
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
    // Before the metadata has loaded the length is unknown: only the start bounds the position.
    const max = Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : Number.POSITIVE_INFINITY;
    const target = Math.max(0, Math.min(max, seconds));
    audio.currentTime = target;
    setCurrent(target);
  };

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
      seekBy(event.key === 'ArrowLeft' ? -SKIP_SECONDS : SKIP_SECONDS);
    }
  };

  const seekBy = (delta: number) => seekTo((audioRef.current?.currentTime ?? current) + delta);

  const updateDuration = () => {
    const value = audioRef.current?.duration ?? 0;
    if (Number.isFinite(value)) setDuration(value);
  };

  const VolumeIcon = volume === 0 ? VolumeX : volume < 0.5 ? Volume1 : Volume2;
  const elapsed = formatTime(current);
  const total = formatTime(duration);

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
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPlaying={() => setError(null)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(event) => setCurrent(event.currentTarget.currentTime)}
        onLoadedMetadata={updateDuration}
        onDurationChange={updateDuration}
        onError={() => {
          setPlaying(false);
          // A failed retry's message says more than this one; keep it.
          setError((previous) => (previous === 'play' ? previous : 'load'));
        }}
      />
      <p id={hintId} className="sr-only">
        Space plays or pauses. The left and right arrow keys skip {SKIP_SECONDS} seconds.
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <button
          type="button"
          onClick={toggle}
          aria-label={playing ? 'Pause' : 'Play'}
          aria-busy={busy || undefined}
          className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-sm transition-colors hover:bg-primary-hover"
        >
          {busy ? (
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
          ) : playing ? (
            <Pause aria-hidden="true" className="size-5" fill="currentColor" />
          ) : (
            <Play aria-hidden="true" className="ml-0.5 size-5" fill="currentColor" />
          )}
        </button>
        <div className="grid min-w-40 flex-1 gap-1">
          <input
            type="range"
            min={0}
            max={duration || 0}
            step={0.1}
            value={Math.min(current, duration || 0)}
            disabled={!duration}
            onChange={(event) => seekTo(Number(event.target.value))}
            aria-label="Seek"
            aria-valuetext={`${elapsed} of ${total}`}
            className="h-2 w-full cursor-pointer accent-primary disabled:cursor-not-allowed"
          />
          <div className="flex justify-between text-xs tabular-nums text-muted-foreground">
            <span>{elapsed}</span>
            <span>{total}</span>
          </div>
        </div>
        {/* Below 640px the volume wraps onto its own row, so the seek bar keeps its width. */}
        <div className="flex w-full items-center gap-2 sm:w-auto">
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
            className="h-2 w-full cursor-pointer accent-primary sm:w-24"
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
