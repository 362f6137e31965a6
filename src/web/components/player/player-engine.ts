import { SMALL_STEP_SECONDS } from './waveform-slider';
import type { PlayTracker } from './play-tracker';
import { trackPlays } from './play-tracking';
import type { PlayerError } from './player-panel';
import { clearMediaSession, setMediaSessionHandlers, showInMediaSession, showMediaSessionPosition } from './media-session';

/** A song in the player's queue: what a card or a row knows of it before its media is fetched. */
export interface QueueItem {
  songId: string;
  title: string;
  /** Its page in the catalogue (the bar's title links there); null for a listener without one (a pitch page). */
  slug: string | null;
}

/** What playing a song needs: signed links that expire, the waveform and length computed at upload. */
export interface SongMedia {
  audioUrl: string | null;
  imageUrl: string | null;
  peaks: number[] | null;
  durationSeconds: number | null;
  /** Who the song is by (its writer info), for the lock screen; null when not known. */
  artist: string | null;
  /**
   * The song's versions to switch between (the full demo, an instrumental…), each with its own link, waveform
   * and length; absent or one alone when there is nothing to switch to. The fields above are the chosen one's.
   */
  versions?: readonly PlayableVersion[];
  /** The kind of the version playing: the first of `versions` (the full demo) unless the listener chose another. */
  version?: string;
}

/** A version of a song the player can switch to at the same position. */
export interface PlayableVersion {
  kind: string;
  label: string;
  audioUrl: string | null;
  peaks: number[] | null;
  durationSeconds: number | null;
}

/** The song's media as the version `kind` plays it; the media as it is when the song has no such version. */
export function withVersion(media: SongMedia, kind: string | undefined): SongMedia {
  const version = kind === undefined ? undefined : media.versions?.find((v) => v.kind === kind && v.audioUrl);
  if (!version) return media;
  return { ...media, audioUrl: version.audioUrl, peaks: version.peaks, durationSeconds: version.durationSeconds, version: kind };
}

/** Where a player's songs come from and where their plays are reported: the catalogue, or one pitch link. */
export interface PlayerSource {
  tracker: PlayTracker;
  /** The song's media; `fresh` signs its links again (the last one failed, most likely expired). */
  media(item: QueueItem, options: { fresh: boolean }): Promise<SongMedia>;
  /** Media already at hand, so a click plays at once, inside its gesture. */
  cached?(item: QueueItem): SongMedia | undefined;
}

export interface PlayerState {
  /** The list the current song was started from: previous and next move through it. */
  queue: readonly QueueItem[];
  index: number;
  current: QueueItem | null;
  /** Null while the current song's media is being fetched. */
  media: SongMedia | null;
  /** The listener has played the current song; a song its page merely made ready has not, and shows no bar. */
  started: boolean;
  loading: boolean;
  playing: boolean;
  /** Play is being answered with a fresh link. */
  busy: boolean;
  buffering: boolean;
  /** Seconds; the element's own once known, the decoded length before that, 0 while neither is. */
  duration: number;
  volume: number;
  error: PlayerError;
  /** The current song's own player is on screen (its page, a pitch page's card): the bar gives way to it. */
  shownInline: boolean;
}

/** How a song button shows its song: not the player's, on its way, playing, or paused. */
export type SongStatus = 'off' | 'loading' | 'playing' | 'paused';

const IDLE: PlayerState = {
  queue: [],
  index: -1,
  current: null,
  media: null,
  started: false,
  loading: false,
  playing: false,
  busy: false,
  buffering: false,
  duration: 0,
  volume: 1,
  error: null,
  shownInline: false,
};

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The one audio element of a part of the app (the catalogue's pages, or one pitch page) and everything about
 * what it plays: the queue, the current song and its media, play tracking (one play per song loaded into the
 * player, however it was started), the lock screen's controls, and what the bar and the song pages draw. React
 * reads it through useSyncExternalStore (player-provider.tsx): the state changes a few times per song, the
 * playhead many times a second, so they are told apart and a card's button redraws only when its song's
 * status changes.
 */
export class PlayerEngine {
  private audio: HTMLAudioElement | null = null;
  private state: PlayerState = IDLE;
  private time = 0;
  private mediaDuration = 0;
  private readonly stateListeners = new Set<() => void>();
  private readonly timeListeners = new Set<() => void>();
  /** Ends the current song's play tracking with its last report. */
  private stopTracking: (() => void) | null = null;
  /** Bumped by every song loaded: an answer for an earlier one is dropped. */
  private loadToken = 0;
  /** The song (its load token) whose Play is being answered: its failed load is the play's to handle. */
  private answering: number | null = null;
  /** Where a song whose media is still on its way starts once it comes. */
  private pendingStart = 0;
  /** The element has played once: browsers that tie playing to a tap (Safari) let it play on its own since. */
  private unlocked = false;
  /** The songs' own players on the page, and whether each is on screen. */
  private readonly inline = new Map<symbol, { songId: string; onScreen: boolean }>();
  private readonly detachListeners: (() => void)[] = [];

  constructor(private source: PlayerSource) {}

  setSource(source: PlayerSource) {
    this.source = source;
  }

  // ---- what React reads -------------------------------------------------------------------------------

  subscribe = (listener: () => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };
  subscribeTime = (listener: () => void) => {
    this.timeListeners.add(listener);
    return () => this.timeListeners.delete(listener);
  };
  getState = (): PlayerState => this.state;
  getTime = (): number => this.time;
  statusOf(songId: string): SongStatus {
    const { current, loading, busy, playing } = this.state;
    if (current?.songId !== songId) return 'off';
    if (loading || busy) return 'loading';
    return playing ? 'playing' : 'paused';
  }

  private set(patch: Partial<PlayerState>) {
    const next = { ...this.state, ...patch };
    next.duration = next.current ? this.mediaDuration || next.media?.durationSeconds || 0 : 0;
    next.shownInline = next.current !== null && [...this.inline.values()].some((p) => p.onScreen && p.songId === next.current!.songId);
    this.state = next;
    this.stateListeners.forEach((listener) => listener());
  }
  private setTime(seconds: number) {
    this.time = seconds;
    this.timeListeners.forEach((listener) => listener());
  }

  // ---- the element ------------------------------------------------------------------------------------

  attach(audio: HTMLAudioElement) {
    if (this.audio === audio) return;
    this.detach();
    this.audio = audio;
    audio.volume = this.state.volume;
    const on = <K extends keyof HTMLMediaElementEventMap>(type: K, handler: () => void) => {
      audio.addEventListener(type, handler);
      this.detachListeners.push(() => audio.removeEventListener(type, handler));
    };
    // Read from the element rather than assumed from the event: a play and a pause in one task leave it paused.
    on('play', () => this.set({ playing: !audio.paused }));
    on('playing', () => {
      this.unlocked = true;
      this.set({ playing: !audio.paused, buffering: false, error: null, started: true });
      showMediaSessionPosition(audio, 'playing');
    });
    on('pause', () => {
      this.set({ playing: false });
      showMediaSessionPosition(audio, 'paused');
    });
    on('waiting', () => this.set({ buffering: true }));
    on('canplay', () => this.set({ buffering: false }));
    on('timeupdate', () => this.setTime(audio.currentTime));
    on('seeked', () => showMediaSessionPosition(audio));
    const onDuration = () => {
      if (!audio.currentSrc) return;
      this.mediaDuration = Number.isFinite(audio.duration) ? audio.duration : 0;
      this.set({});
      showMediaSessionPosition(audio);
    };
    on('loadedmetadata', onDuration);
    on('durationchange', onDuration);
    on('ended', () => {
      this.set({ playing: false });
      // After every other listener of this event (the play's tracking reports it completed), on to the next song.
      const token = this.loadToken;
      setTimeout(() => {
        if (token === this.loadToken && audio.ended && this.state.index < this.state.queue.length - 1) this.next();
      }, 0);
    });
    on('error', () => {
      // An element without a song (stopped, or waiting for the song's media) has nothing to say.
      if (!audio.getAttribute('src')) return;
      this.set({ playing: false, buffering: false });
      if (this.answering === this.loadToken) return;
      // A failed retry's message says more than this one; keep it.
      this.set({ error: this.state.error === 'play' ? 'play' : 'load' });
    });
    setMediaSessionHandlers(this);
  }

  detach(audio?: HTMLAudioElement) {
    if (!this.audio || (audio && audio !== this.audio)) return;
    this.stop();
    this.detachListeners.splice(0).forEach((remove) => remove());
    setMediaSessionHandlers(null);
    this.audio = null;
  }

  // ---- what the listener does -------------------------------------------------------------------------

  /**
   * Plays `queue[index]`, with the queue as the list to move through. The song already in the player plays on
   * where it is (no second play); another one is loaded. `media` is the song's, when the caller has it;
   * `startAt` a point chosen before playing.
   */
  playQueue(queue: readonly QueueItem[], index: number, options: { media?: SongMedia; startAt?: number } = {}) {
    const item = queue[index];
    if (!item) return;
    if (this.state.current?.songId === item.songId) {
      this.set({ queue, index, started: true });
      setMediaSessionHandlers(this);
      if (options.startAt) this.seekTo(options.startAt);
      void this.play();
      return;
    }
    this.load(queue, index, { autoplay: true, ...options });
  }

  /** Makes a song ready to play without playing it (its page, with the player free): seeking moves its playhead. */
  cue(item: QueueItem, media: SongMedia) {
    if (this.state.current) return;
    this.load([item], 0, { autoplay: false, media });
  }

  /** Lets go of a song its page made ready and the listener never played. */
  release(songId: string) {
    if (this.state.current?.songId === songId && !this.state.started) this.stop();
  }

  toggle() {
    const audio = this.audio;
    if (!audio || !this.state.current || this.state.loading) return;
    if (audio.paused || audio.ended || this.state.error) void this.play();
    else audio.pause();
  }

  pause() {
    this.audio?.pause();
  }

  /** Plays the current song; when its link fails (most likely expired), fetches a fresh one and tries once more. */
  async play() {
    const audio = this.audio;
    const { current, media, busy, loading } = this.state;
    if (!audio || !current || busy || loading || this.answering === this.loadToken) return;
    if (!media?.audioUrl) {
      // The song's media could not be had, or it has no audio: ask again.
      this.load(this.state.queue, this.state.index, { autoplay: true, startAt: audio.currentTime, fresh: true, version: media?.version });
      return;
    }
    const token = this.loadToken;
    this.answering = token;
    this.set({ error: null, started: true });
    try {
      // An element that already failed (expired link, network drop) cannot recover by itself.
      if (!audio.error) {
        try {
          await audio.play();
          return;
        } catch (failure) {
          if (isAbort(failure) || token !== this.loadToken) return;
        }
      }
      this.set({ busy: true });
      const position = audio.currentTime;
      try {
        const fresh = await this.source.media(current, { fresh: true }).catch(() => null);
        if (token !== this.loadToken) return;
        // Without a fresh link, retry the one we have. The picture keeps its link (a new one would load it again).
        // A fresh link is the chosen version's, not the full demo's.
        const url = (fresh && withVersion(fresh, media.version).audioUrl) || audio.currentSrc || media.audioUrl;
        this.set({ media: { ...media, audioUrl: url } });
        audio.src = url;
        if (position > 0) audio.currentTime = position;
        await audio.play();
        if (token === this.loadToken) this.set({ error: null });
      } catch (failure) {
        if (!isAbort(failure) && token === this.loadToken) this.set({ error: 'play' });
      } finally {
        if (token === this.loadToken) this.set({ busy: false });
      }
    } finally {
      if (this.answering === token) this.answering = null;
    }
  }

  /**
   * Plays another version of the current song (the instrumental of the full demo…) from the same point, playing
   * on if it was playing: the same play of the same song, so its listening goes on being reported as one.
   */
  switchVersion(kind: string) {
    const audio = this.audio;
    const { current, media, loading } = this.state;
    if (!audio || !current || !media || loading || media.version === kind) return;
    const next = withVersion(media, kind);
    if (next === media || !next.audioUrl) return;
    // Before its metadata (a song made ready, not played) the element has no timeline: the playhead is ours.
    const position = audio.readyState > 0 ? audio.currentTime : this.time;
    const playing = !audio.paused && !audio.ended;
    // A new link is a new load: the answer to a Play under way is for the version before.
    this.answering = null;
    this.mediaDuration = 0;
    this.set({ media: next, error: null, buffering: false });
    showInMediaSession(current, next);
    audio.src = next.audioUrl;
    // Before its metadata the element takes this as where to start.
    audio.currentTime = position;
    this.setTime(position);
    if (playing) void this.play();
  }

  seekTo(seconds: number) {
    const audio = this.audio;
    if (!audio || !this.state.current) return;
    const { duration } = this.state;
    const target = Math.max(0, duration > 0 ? Math.min(duration, seconds) : seconds);
    if (this.state.loading) this.pendingStart = target;
    // Before its metadata the element has no timeline yet: it starts from there once it has one.
    else audio.currentTime = target;
    this.setTime(target);
  }

  seekBy(seconds: number) {
    this.seekTo((this.audio?.currentTime ?? this.time) + seconds);
  }

  skipBack = () => this.seekBy(-SMALL_STEP_SECONDS);
  skipAhead = () => this.seekBy(SMALL_STEP_SECONDS);

  hasNext = () => this.state.current !== null && this.state.index < this.state.queue.length - 1;
  hasPrevious = () => this.state.current !== null && this.state.index > 0;

  next() {
    if (this.hasNext()) this.load(this.state.queue, this.state.index + 1, { autoplay: true });
  }

  previous() {
    if (this.hasPrevious()) this.load(this.state.queue, this.state.index - 1, { autoplay: true });
  }

  setVolume(volume: number) {
    if (this.audio) this.audio.volume = volume;
    this.set({ volume });
  }

  /** Empties the player: the song's last report goes out, the element lets go of its file, the bar goes. */
  stop() {
    this.loadToken++;
    this.endTracking();
    const audio = this.audio;
    if (audio) {
      audio.pause();
      if (audio.getAttribute('src')) {
        audio.removeAttribute('src');
        audio.load();
      }
    }
    this.mediaDuration = 0;
    this.pendingStart = 0;
    this.set({ ...IDLE, volume: this.state.volume });
    this.setTime(0);
    clearMediaSession();
    if (this.audio) setMediaSessionHandlers(this);
  }

  /**
   * A song's own player on the page (the song page, a pitch page's card). While the current song's is on
   * screen, the bar gives way to it. Answers how to say it moved on or off screen, and how to let go.
   */
  showInline(songId: string): { onScreen: (onScreen: boolean) => void; release: () => void } {
    const key = Symbol(songId);
    // On screen until an observer says otherwise: the bar must not blink in as the page opens.
    this.inline.set(key, { songId, onScreen: true });
    this.set({});
    return {
      onScreen: (onScreen) => {
        const entry = this.inline.get(key);
        if (!entry || entry.onScreen === onScreen) return;
        entry.onScreen = onScreen;
        this.set({});
      },
      release: () => {
        this.inline.delete(key);
        this.set({});
      },
    };
  }

  // ---- loading a song ---------------------------------------------------------------------------------

  private endTracking() {
    this.stopTracking?.();
    this.stopTracking = null;
  }

  private load(
    queue: readonly QueueItem[],
    index: number,
    {
      autoplay,
      media,
      startAt,
      fresh = false,
      version,
    }: { autoplay: boolean; media?: SongMedia; startAt?: number; fresh?: boolean; version?: string | undefined },
  ) {
    const audio = this.audio;
    const item = queue[index];
    if (!audio || !item) return;
    const token = ++this.loadToken;
    // The song before ends here: its last report goes out before the element moves on.
    this.endTracking();
    audio.pause();
    const known = media ?? (fresh ? undefined : this.source.cached?.(item));
    this.mediaDuration = 0;
    this.pendingStart = startAt ?? 0;
    this.set({
      queue,
      index,
      current: item,
      media: known ?? null,
      started: autoplay,
      loading: !known,
      playing: false,
      busy: false,
      buffering: false,
      error: null,
    });
    this.setTime(this.pendingStart);
    showInMediaSession(item, known ?? null);
    setMediaSessionHandlers(this);
    if (known) {
      this.begin(item, known, autoplay);
      return;
    }
    if (audio.getAttribute('src')) {
      audio.removeAttribute('src');
      audio.load();
    }
    // The media comes after this tap is over. Safari lets an element play on its own only once it has
    // played from a tap: a play asked for now, with nothing to play yet, counts.
    if (autoplay && !this.unlocked) {
      audio.play().catch(() => undefined);
      audio.pause();
    }
    this.source.media(item, { fresh }).then(
      (fetched) => {
        if (token !== this.loadToken) return;
        const loaded = withVersion(fetched, version);
        this.set({ media: loaded, loading: false });
        showInMediaSession(item, loaded);
        this.begin(item, loaded, autoplay);
      },
      () => {
        if (token === this.loadToken) this.set({ loading: false, error: 'load' });
      },
    );
  }

  private begin(item: QueueItem, media: SongMedia, autoplay: boolean) {
    const audio = this.audio!;
    if (!media.audioUrl) {
      this.set({ error: 'load' });
      return;
    }
    // The length decoded at upload already sizes the waveform, so nothing is fetched until Play.
    audio.preload = autoplay ? 'auto' : media.durationSeconds ? 'none' : 'metadata';
    audio.src = media.audioUrl;
    this.stopTracking = trackPlays(audio, item.songId, () => this.source.tracker);
    if (this.pendingStart > 0) audio.currentTime = this.pendingStart;
    this.pendingStart = 0;
    if (autoplay) void this.play();
  }
}
