import { LoaderCircle, MessageSquare, Pause, Play, Volume1, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import * as MESSAGES from '../../../common/messages';
import { cn } from '../../lib/cn';
import type { SongSection } from '../../../common/responses/audio-analysis';
import { formatTime } from './format-time';
import { SectionBands } from './section-bands';
import { LARGE_STEP_SECONDS, SMALL_STEP_SECONDS, WaveformSlider } from './waveform-slider';

/** A moment marked on the waveform (a reviewer's note): a button that seeks there. */
export interface PlayerMarker {
  id: string;
  seconds: number;
  /** The button's accessible name and tooltip, e.g. "Note at 0:47: the chorus lift…". */
  label: string;
}

/** What went wrong: the audio would not load, or Play failed even with a fresh link. */
export type PlayerError = 'load' | 'play' | null;

export const playerErrorText = (error: Exclude<PlayerError, null>) =>
  error === 'play' ? MESSAGES.songs.audioPlayError : MESSAGES.songs.audioLoadError;

export interface PlayerPanelProps {
  title: string;
  playing: boolean;
  /** Loading, fetching a fresh link, or waiting for data while playing: the play button spins. */
  spinning: boolean;
  position: number;
  /** Seconds; 0 while unknown (the waveform cannot be seeked yet). */
  duration: number;
  peaks: number[] | null;
  volume: number;
  error: PlayerError;
  onToggle: () => void;
  onSeek: (seconds: number) => void;
  onVolume: (volume: number) => void;
  markers?: PlayerMarker[];
  /** The song's sections, drawn as bands under the waveform that seek to their start. */
  sections?: readonly SongSection[] | null;
  /** A slim player (play and pause, the waveform, the time) for a page that keeps it in reach while scrolling. */
  compact?: boolean;
  /** The <audio> element of a player that has one of its own. */
  children?: ReactNode;
  rootRef?: Ref<HTMLDivElement>;
  className?: string;
}

/**
 * A song's player as the song page, a pitch page and the review pages show it: play and pause, the waveform as
 * a seek slider, elapsed and total time, volume, and what went wrong. With focus anywhere in it, Space plays or
 * pauses and the Left and Right arrows skip 5 seconds. It draws what it is given: the audio is whoever renders it.
 */
export function PlayerPanel({
  title,
  playing,
  spinning,
  position,
  duration,
  peaks,
  volume,
  error,
  onToggle,
  onSeek,
  onVolume,
  markers,
  sections,
  compact = false,
  children,
  rootRef,
  className,
}: PlayerPanelProps) {
  const volumeRef = useRef<HTMLInputElement>(null);
  const hintId = useId();

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    if (event.key === ' ') {
      // A focused button already answers Space with a click (the play button toggles by itself).
      if (target.tagName === 'BUTTON') return;
      event.preventDefault();
      onToggle();
    } else if ((event.key === 'ArrowLeft' || event.key === 'ArrowRight') && target !== volumeRef.current) {
      event.preventDefault();
      onSeek(Math.max(0, position + (event.key === 'ArrowLeft' ? -SMALL_STEP_SECONDS : SMALL_STEP_SECONDS)));
    }
  };

  const VolumeIcon = volume === 0 ? VolumeX : volume < 0.5 ? Volume1 : Volume2;

  return (
    <div
      ref={rootRef}
      role="group"
      aria-label={`Audio player: ${title}`}
      aria-describedby={hintId}
      onKeyDown={onKeyDown}
      className={cn('rounded-xl border border-border bg-card shadow-sm', compact ? 'p-2' : 'p-4', className)}
    >
      {children}
      <p id={hintId} className="sr-only">
        Space plays or pauses. The left and right arrow keys skip {SMALL_STEP_SECONDS} seconds; on the waveform, Page Up and Page Down skip{' '}
        {LARGE_STEP_SECONDS} seconds, and Home and End go to the start and the end.
      </p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-3 sm:gap-x-4">
        <button
          type="button"
          onClick={onToggle}
          aria-label={playing ? 'Pause' : 'Play'}
          aria-busy={spinning || undefined}
          className={cn(
            'inline-flex shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-sm transition-colors hover:bg-primary-hover',
            compact ? 'size-10' : 'size-12',
          )}
        >
          <PlayPauseIcon playing={playing} spinning={spinning} />
        </button>
        <div className="grid min-w-0 flex-1 basis-48 gap-1">
          <WaveformSlider
            peaks={peaks}
            position={position}
            duration={duration}
            onSeek={onSeek}
            className={compact ? 'h-8 sm:h-8' : undefined}
          />
          {!compact && sections && <SectionBands sections={sections} duration={duration} onSeek={onSeek} />}
          {!compact && markers && markers.length > 0 && duration > 0 && (
            <MarkerStrip markers={markers} duration={duration} onSeek={onSeek} />
          )}
          <div className="flex justify-between text-xs tabular-nums text-muted-foreground">
            <span>{formatTime(position)}</span>
            <span>{formatTime(duration)}</span>
          </div>
        </div>
        {/* Below 640px the volume wraps onto its own row, so the waveform keeps its width. */}
        <div className={cn('flex w-full items-center gap-2 sm:w-28', compact && 'hidden')}>
          <VolumeIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <VolumeSlider ref={volumeRef} volume={volume} onVolume={onVolume} />
        </div>
      </div>
      {error && (
        <p role="alert" className="mt-3 text-sm font-medium text-destructive">
          {playerErrorText(error)}
        </p>
      )}
    </div>
  );
}

/** Pause while playing, Play otherwise, a spinner while the song is on its way. */
export function PlayPauseIcon({ playing, spinning, className = 'size-5' }: { playing: boolean; spinning: boolean; className?: string }) {
  if (spinning) return <LoaderCircle aria-hidden="true" className={cn(className, 'animate-spin')} />;
  if (playing) return <Pause aria-hidden="true" className={className} fill="currentColor" />;
  return <Play aria-hidden="true" className={cn(className, 'ml-0.5')} fill="currentColor" />;
}

/** Volume from 0 to 1 in tenths. */
export function VolumeSlider({
  volume,
  onVolume,
  ref,
  className,
}: {
  volume: number;
  onVolume: (volume: number) => void;
  ref?: Ref<HTMLInputElement>;
  className?: string;
}) {
  return (
    <input
      ref={ref}
      type="range"
      min={0}
      max={1}
      step={0.1}
      value={volume}
      onChange={(event) => onVolume(Number(event.target.value))}
      aria-label="Volume"
      aria-valuetext={`${Math.round(volume * 100)}%`}
      className={cn('h-2 w-full cursor-pointer accent-primary', className)}
    />
  );
}

/** A marker's width and height in CSS pixels: the least a pointer target should be. */
const MARKER_PX = 24;

/**
 * Each marker's row in the strip: markers closer than a marker's width to an earlier one go down a row, so
 * notes a few seconds apart stay apart, each its own button, where a single row would draw them as one.
 */
export function markerRows(fractions: readonly number[], width: number): number[] {
  const lastXOfRow: number[] = [];
  return fractions.map((fraction) => {
    const x = fraction * width;
    let row = lastXOfRow.findIndex((last) => x - last >= MARKER_PX);
    if (row === -1) row = lastXOfRow.length;
    lastXOfRow[row] = x;
    return row;
  });
}

/** The markers in a strip under the waveform, each a button at its moment (not inside the slider, which has its own keys). */
function MarkerStrip({ markers, duration, onSeek }: { markers: PlayerMarker[]; duration: number; onSeek: (seconds: number) => void }) {
  const ref = useRef<HTMLUListElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const sorted = [...markers].sort((a, b) => a.seconds - b.seconds);
  const fractions = sorted.map((marker) => Math.min(1, Math.max(0, marker.seconds / duration)));
  // Until the strip is measured, one row: the first layout has a width before anything is drawn.
  const rows = width > 0 ? markerRows(fractions, width) : fractions.map(() => 0);
  const rowCount = Math.max(1, ...rows.map((row) => row + 1));
  return (
    <ul ref={ref} aria-label="Markers" className="relative w-full" style={{ height: rowCount * MARKER_PX }}>
      {sorted.map((marker, i) => (
        <li key={marker.id} className="absolute -translate-x-1/2" style={{ left: `${fractions[i]! * 100}%`, top: rows[i]! * MARKER_PX }}>
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
