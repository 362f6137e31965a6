import { Music2, SkipBack, SkipForward, Volume1, Volume2, VolumeX, X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import * as MESSAGES from '../../../common/messages';
import { PAGE_PATHS, pathTo } from '../../../common/routes';
import { cn } from '../../lib/cn';
import { formatTime } from './format-time';
import { PlayPauseIcon, playerErrorText, VolumeSlider } from './player-panel';
import { usePlayer, usePlayerState, usePlayerTime } from './player-provider';
import { VersionSwitch } from './version-switch';
import { WaveformSlider } from './waveform-slider';

const m = MESSAGES.player;

/** The focus ring of the bar's round buttons, as the site's buttons draw it (a white band, a dark outline). */
const ROUND_BUTTON =
  'inline-flex shrink-0 items-center justify-center rounded-full transition-colors focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-foreground disabled:pointer-events-none disabled:opacity-40';

/**
 * The player bar, fixed at the bottom of the page once the listener has started a song, while the song's own
 * player is not on screen. The page's content ends above it: its height is given to the page as
 * --player-bar-height (styles.css pads the app and keeps focused elements clear of it).
 */
export function PlayerBar() {
  const state = usePlayerState();
  if (!state.current || !state.started || state.shownInline) return null;
  return <Bar />;
}

function Bar() {
  const engine = usePlayer();
  const state = usePlayerState();
  const time = usePlayerTime();
  const barRef = useRef<HTMLElement>(null);
  const hintId = useId();
  const current = state.current!;

  useEffect(() => {
    const bar = barRef.current;
    if (!bar) return;
    const root = document.documentElement;
    // Rounded up from the drawn height: offsetHeight rounds a bar of 70.5 px down, and the page's last line then
    // ends half a pixel under it.
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--player-bar-height', `${Math.ceil(bar.getBoundingClientRect().height)}px`),
    );
    observer.observe(bar);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--player-bar-height');
    };
  }, []);

  const close = () => {
    engine.stop();
    // The bar goes with the button that had focus: the page's content takes it.
    document.getElementById('main')?.focus({ preventScroll: true });
  };

  const spinning = state.loading || state.busy || (state.playing && state.buffering);
  const VolumeIcon = state.volume === 0 ? VolumeX : state.volume < 0.5 ? Volume1 : Volume2;
  const artist = state.media?.artist;

  return (
    <section
      ref={barRef}
      aria-label={m.barLabel}
      aria-describedby={hintId}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-card pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_16px_rgb(0_0_0/0.08)]"
    >
      <p id={hintId} className="sr-only">
        {m.keyboardHint}
      </p>
      <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 gap-y-1 px-3 py-2 sm:flex sm:gap-x-4 sm:px-6">
        {/* The title takes the room it needs, up to all but the waveform's least width (16rem with its times): cut short only when there
            is truly no more (the link's tooltip and the text read aloud keep it whole). */}
        <div className="flex min-w-0 items-center gap-3 sm:max-w-[50%] sm:flex-initial">
          <Thumb imageUrl={state.media?.imageUrl ?? null} />
          <div className="min-w-0">
            <p className="truncate font-semibold leading-tight">
              <span className="sr-only">{m.nowPlaying} </span>
              {current.slug ? (
                <Link to={pathTo(PAGE_PATHS.song, { slug: current.slug })} title={current.title} className="rounded-sm hover:underline">
                  {current.title}
                </Link>
              ) : (
                <span title={current.title}>{current.title}</span>
              )}
            </p>
            {artist && <p className="truncate text-xs text-muted-foreground">{artist}</p>}
          </div>
        </div>

        <div className="flex items-center gap-1">
          <button
            type="button"
            onClick={() => engine.previous()}
            disabled={state.index <= 0}
            aria-label={m.previous}
            className={cn(ROUND_BUTTON, 'size-10 text-foreground hover:bg-muted')}
          >
            <SkipBack aria-hidden="true" className="size-5" fill="currentColor" />
          </button>
          <button
            type="button"
            onClick={() => engine.toggle()}
            aria-label={state.playing ? 'Pause' : 'Play'}
            aria-busy={spinning || undefined}
            className={cn(ROUND_BUTTON, 'size-11 bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover')}
          >
            <PlayPauseIcon playing={state.playing} spinning={spinning} />
          </button>
          <button
            type="button"
            onClick={() => engine.next()}
            disabled={state.index >= state.queue.length - 1}
            aria-label={m.next}
            className={cn(ROUND_BUTTON, 'size-10 text-foreground hover:bg-muted')}
          >
            <SkipForward aria-hidden="true" className="size-5" fill="currentColor" />
          </button>
          {/* On a phone the close button sits with the others, at the end of the first row. */}
          <CloseButton onClose={close} className="sm:hidden" />
        </div>

        <div className="col-span-2 flex min-w-0 flex-1 items-center gap-2 text-xs tabular-nums text-muted-foreground sm:min-w-64">
          {/* The song's versions (full demo, instrumental…), switched at the same point; none shown with one alone. */}
          <VersionSwitch
            compact
            versions={state.media?.versions}
            value={state.media?.version}
            onChange={(kind) => engine.switchVersion(kind)}
            className="text-foreground"
          />
          <span className="w-9 text-right">{formatTime(time)}</span>
          <WaveformSlider
            className="h-7 flex-1 sm:h-10"
            peaks={state.media?.peaks ?? null}
            position={time}
            duration={state.duration}
            onSeek={(seconds) => engine.seekTo(seconds)}
          />
          <span className="w-9">{formatTime(state.duration)}</span>
        </div>

        <div className="hidden w-28 shrink-0 items-center gap-2 lg:flex">
          <VolumeIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <VolumeSlider volume={state.volume} onVolume={(volume) => engine.setVolume(volume)} />
        </div>
        <CloseButton onClose={close} className="hidden sm:inline-flex" />
      </div>
      {state.error && (
        <p role="alert" className="mx-auto max-w-6xl px-3 pb-2 text-sm font-medium text-destructive sm:px-6">
          {playerErrorText(state.error)}
        </p>
      )}
    </section>
  );
}

function CloseButton({ onClose, className }: { onClose: () => void; className?: string }) {
  return (
    <button
      type="button"
      onClick={onClose}
      aria-label={m.close}
      title={m.close}
      className={cn(ROUND_BUTTON, 'size-9 text-muted-foreground hover:bg-muted hover:text-foreground', className)}
    >
      <X aria-hidden="true" className="size-4" />
    </button>
  );
}

/** The cover, small, beside the title (from a wider screen up); a quiet placeholder without one. */
function Thumb({ imageUrl }: { imageUrl: string | null }) {
  return imageUrl ? (
    <img
      src={imageUrl}
      alt=""
      width={44}
      height={44}
      decoding="async"
      className="hidden size-11 shrink-0 rounded-md object-cover sm:block"
    />
  ) : (
    <div
      aria-hidden="true"
      className="hidden size-11 shrink-0 items-center justify-center rounded-md bg-linear-to-br from-stone-900 via-primary to-accent-strong sm:flex"
    >
      <Music2 className="size-5 text-white/70" />
    </div>
  );
}
