import { createContext, use, useCallback, useEffect, useLayoutEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { PlayerEngine, type PlayerSource, type PlayerState, type SongStatus } from './player-engine';
import { playerShortcut } from './player-shortcuts';

const EngineContext = createContext<PlayerEngine | null>(null);

/**
 * The player of a part of the app: one audio element above the pages, so a song plays on while the listener
 * moves between them, and the player's keys on the whole page. `source` says where songs come from and where
 * plays are reported.
 */
export function PlayerProvider({ source, children }: { source: PlayerSource; children: ReactNode }) {
  const [engine] = useState(() => new PlayerEngine(source));
  useLayoutEffect(() => engine.setSource(source), [engine, source]);

  // The element lives as long as the provider: leaving this part of the app stops the song (and reports it).
  const audioRef = useCallback(
    (audio: HTMLAudioElement | null) => {
      if (!audio) return;
      engine.attach(audio);
      return () => engine.detach(audio);
    },
    [engine],
  );

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!engine.getState().current) return;
      const action = playerShortcut(event);
      if (!action) return;
      event.preventDefault();
      // Space held down would start and stop the song many times a second.
      if (event.repeat && action === 'toggle') return;
      if (action === 'toggle') engine.toggle();
      else if (action === 'back') engine.skipBack();
      else if (action === 'ahead') engine.skipAhead();
      else if (action === 'next') engine.next();
      else engine.previous();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [engine]);

  return (
    <EngineContext value={engine}>
      {children}
      {/* No controls of its own: the bar and the song pages draw them. */}
      <audio ref={audioRef} preload="none" />
    </EngineContext>
  );
}

/** The player, to act on: play a queue, pause, seek, next. */
export function usePlayer(): PlayerEngine {
  const engine = use(EngineContext);
  if (!engine) throw new Error('usePlayer needs a PlayerProvider above it');
  return engine;
}

const IDLE_SNAPSHOT = () => null;

/** What the player is doing; redraws at each change of song or state, not as the song plays on. */
export function usePlayerState(): PlayerState {
  const engine = usePlayer();
  return useSyncExternalStore(engine.subscribe, engine.getState, engine.getState);
}

/** Where the current song is, in seconds; redraws as it plays. */
export function usePlayerTime(): number {
  const engine = usePlayer();
  return useSyncExternalStore(engine.subscribeTime, engine.getTime, () => 0);
}

/** Where this song is if it is the player's, else null; redraws as it plays only while it is. */
export function useSongTime(songId: string): number | null {
  const engine = usePlayer();
  const read = () => (engine.getState().current?.songId === songId ? engine.getTime() : null);
  const subscribe = useCallback(
    (listener: () => void) => {
      const stopState = engine.subscribe(listener);
      const stopTime = engine.subscribeTime(listener);
      return () => {
        stopState();
        stopTime();
      };
    },
    [engine],
  );
  return useSyncExternalStore(subscribe, read, IDLE_SNAPSHOT);
}

/** This song's status in the player, for its play button; redraws only when that changes. */
export function useSongStatus(songId: string): SongStatus {
  const engine = usePlayer();
  return useSyncExternalStore(
    engine.subscribe,
    () => engine.statusOf(songId),
    () => 'off',
  );
}
