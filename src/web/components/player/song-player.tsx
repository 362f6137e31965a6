import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { SongSection } from '../../../common/responses/audio-analysis';
import { withVersion, type QueueItem, type SongMedia } from './player-engine';
import { PlayerPanel } from './player-panel';
import { usePlayer, usePlayerState, useSongTime } from './player-provider';
import { VersionSwitch } from './version-switch';

export interface SongPlayerProps {
  item: QueueItem;
  media: SongMedia;
  /** The list this song is played in when started here (a pitch page's shortlist); the song alone by default. */
  queue?: readonly QueueItem[];
  /** Make the song ready when the player is free, so seeking before Play moves the real playhead (the song page). */
  cue?: boolean;
  /** The song's sections, as bands under the waveform that seek to their start. */
  sections?: readonly SongSection[] | null;
  className?: string;
}

/**
 * A song's own player on its page, drawn over the shared player: while the song is the player's it shows and
 * moves the one audio element (a song playing in the bar goes on playing here, as the same play); otherwise
 * Play starts it there, from wherever the listener seeked to. While it is on screen and its song is the
 * player's, the bar gives way to it.
 */
export function SongPlayer({ item, media, queue, cue = false, sections, className }: SongPlayerProps) {
  const engine = usePlayer();
  const state = usePlayerState();
  const time = useSongTime(item.songId);
  const isCurrent = time !== null;
  const [cuedAt, setCuedAt] = useState(0);
  // The version chosen while the song is not the player's: it starts in it.
  const [chosen, setChosen] = useState(media.version);
  const rootRef = useRef<HTMLDivElement>(null);

  // The latest song and media for the effects below, which must not start again at every render.
  const latest = useRef({ item, media });
  useLayoutEffect(() => {
    latest.current = { item, media };
  });

  const songId = item.songId;
  useEffect(() => {
    if (!cue) return;
    engine.cue(latest.current.item, latest.current.media);
    return () => engine.release(songId);
  }, [engine, songId, cue]);

  useEffect(() => {
    const element = rootRef.current;
    if (!element) return;
    const shown = engine.showInline(songId);
    const observer = new IntersectionObserver(([entry]) => shown.onScreen(entry?.isIntersecting ?? false));
    observer.observe(element);
    return () => {
      observer.disconnect();
      shown.release();
    };
  }, [engine, songId]);

  const start = () => {
    if (isCurrent) {
      engine.toggle();
      return;
    }
    // A song of the list already playing keeps that list; otherwise the one it is shown in, or itself alone.
    const playing = engine.getState().queue;
    const inPlaying = playing.findIndex((song) => song.songId === songId);
    const list = inPlaying >= 0 ? playing : (queue ?? [item]);
    const index =
      inPlaying >= 0
        ? inPlaying
        : Math.max(
            0,
            list.findIndex((song) => song.songId === songId),
          );
    engine.playQueue(list, index, { media: withVersion(media, chosen), startAt: cuedAt });
  };

  // What is drawn: the player's media while the song is its own (the version playing), else the chosen version's.
  const shown = isCurrent && state.media ? state.media : withVersion(media, chosen);
  const duration = isCurrent ? state.duration : (shown.durationSeconds ?? 0);
  const switchVersion = (kind: string) => {
    if (isCurrent) engine.switchVersion(kind);
    else setChosen(kind);
  };
  return (
    <div className={className}>
      <PlayerPanel
        rootRef={rootRef}
        title={item.title}
        playing={isCurrent && state.playing}
        spinning={isCurrent && (state.loading || state.busy || (state.playing && state.buffering))}
        position={time ?? cuedAt}
        duration={duration}
        peaks={shown.peaks}
        sections={sections}
        volume={state.volume}
        error={isCurrent ? state.error : null}
        onToggle={start}
        onSeek={(seconds) => {
          if (isCurrent) engine.seekTo(seconds);
          else setCuedAt(Math.max(0, duration > 0 ? Math.min(duration, seconds) : seconds));
        }}
        onVolume={(volume) => engine.setVolume(volume)}
      />
      <VersionSwitch className="mt-4" versions={media.versions} value={shown.version} onChange={switchVersion} />
    </div>
  );
}
