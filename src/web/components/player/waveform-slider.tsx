import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { cn } from '../../lib/cn';
import { formatTime } from './format-time';

/** Keyboard steps, in seconds: arrows, and Page Up / Page Down. */
export const SMALL_STEP_SECONDS = 5;
export const LARGE_STEP_SECONDS = 30;
/** One bar per this many CSS pixels (a 2 px bar and its gap). */
const PIXELS_PER_BAR = 4;
const MIN_BARS = 24;

export interface WaveformSliderProps {
  /** 0-255 values spread evenly over the song; null draws a flat bar. */
  peaks: number[] | null;
  /** Where the song is, in seconds. */
  position: number;
  /** The song's length in seconds; 0 while unknown (the slider is then disabled). */
  duration: number;
  onSeek: (seconds: number) => void;
  className?: string;
}

/** The louder peak of each of `bars` equal stretches. */
function resample(peaks: number[], bars: number): number[] {
  if (peaks.length <= bars) return peaks;
  return Array.from({ length: bars }, (_, b) => {
    let max = 0;
    const end = Math.floor(((b + 1) * peaks.length) / bars);
    for (let i = Math.floor((b * peaks.length) / bars); i < end; i++) max = Math.max(max, peaks[i]!);
    return max;
  });
}

/** One SVG path of mirrored bars in a 0-100 high box, one unit wide each; a flat bar without peaks. */
function barsPath(values: number[] | null, bars: number): string {
  if (!values) return `M0 44h${bars}v12h-${bars}z`;
  return values
    .map((v, i) => {
      const height = Math.max(4, (v / 255) * 100);
      return `M${i + 0.15} ${(100 - height) / 2}h0.7v${height}h-0.7z`;
    })
    .join('');
}

/**
 * The song's waveform as a seek slider: click or drag (pointer events, so mouse, pen and touch) to move
 * the playhead; with focus, the arrows move 5 s, Page Up and Page Down 30 s, Home and End to either end.
 * A drag seeks once, when it ends, so a drag does not fetch audio at every step.
 */
export function WaveformSlider({ peaks, position, duration, onSeek, className }: WaveformSliderProps) {
  const ref = useRef<HTMLDivElement>(null);
  // useId's characters are not all valid in url(#...).
  const clipId = `waveform-${useId().replace(/[^\w-]/g, '')}`;
  const [width, setWidth] = useState(0);
  const [dragging, setDragging] = useState<number | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const bars = peaks ? Math.max(1, Math.min(peaks.length, Math.max(MIN_BARS, Math.floor(width / PIXELS_PER_BAR)))) : 100;
  const path = useMemo(() => barsPath(peaks ? resample(peaks, bars) : null, bars), [peaks, bars]);

  const disabled = !(duration > 0);
  const shown = dragging ?? position;
  const fraction = disabled ? 0 : Math.max(0, Math.min(1, shown / duration));

  const secondsAt = (clientX: number) => {
    const box = ref.current!.getBoundingClientRect();
    return Math.max(0, Math.min(1, (clientX - box.left) / box.width)) * duration;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (disabled || event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
    setDragging(secondsAt(event.clientX));
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging !== null) setDragging(secondsAt(event.clientX));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging === null) return;
    setDragging(null);
    onSeek(secondsAt(event.clientX));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled || event.altKey || event.ctrlKey || event.metaKey) return;
    const moves: Record<string, number> = {
      ArrowRight: position + SMALL_STEP_SECONDS,
      ArrowUp: position + SMALL_STEP_SECONDS,
      ArrowLeft: position - SMALL_STEP_SECONDS,
      ArrowDown: position - SMALL_STEP_SECONDS,
      PageUp: position + LARGE_STEP_SECONDS,
      PageDown: position - LARGE_STEP_SECONDS,
      Home: 0,
      End: duration,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    // The player's own arrow keys (anywhere in it) must not skip a second time.
    event.stopPropagation();
    onSeek(Math.max(0, Math.min(duration, target)));
  };

  return (
    <div
      ref={ref}
      role="slider"
      tabIndex={0}
      aria-label="Seek"
      aria-valuemin={0}
      aria-valuemax={Math.round(duration * 10) / 10}
      aria-valuenow={Math.round(Math.min(shown, duration) * 10) / 10}
      aria-valuetext={`${formatTime(shown)} of ${formatTime(duration)}`}
      aria-disabled={disabled || undefined}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setDragging(null)}
      // pan-y: a vertical swipe still scrolls the page; a horizontal one drags the playhead.
      className={cn(
        'relative h-12 w-full touch-pan-y select-none rounded-md sm:h-14',
        disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer',
        className,
      )}
    >
      <svg viewBox={`0 0 ${bars} 100`} preserveAspectRatio="none" aria-hidden="true" className="size-full">
        <defs>
          <clipPath id={clipId}>
            <rect x="0" y="0" width={fraction * bars} height="100" />
          </clipPath>
        </defs>
        <path d={path} className="fill-muted-foreground/35" />
        <path d={path} clipPath={`url(#${clipId})`} className="fill-primary" />
      </svg>
      {!disabled && (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 rounded-full bg-primary"
          style={{ left: `${fraction * 100}%` }}
        />
      )}
    </div>
  );
}
