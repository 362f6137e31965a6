/** Shapes of API replies that both sides read. */
import type { OutboxStatus, PreviewRequestStatus, SongResponse } from './constants';

export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string[]> };
}

export interface MeResponse {
  user: { id: string; email: string; name: string; emailVerified: boolean } | null;
  isAdmin: boolean;
  isPreview: boolean;
  isSongwriter: boolean;
  hasPreviewRequest: boolean;
}

/** A row of GET /api/admin/outbox; dates arrive as ISO strings. */
export interface OutboxListItem {
  id: string;
  to: string;
  subject: string;
  kind: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

export interface Paged<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/admin/outbox/:id */
export interface OutboxMessage extends OutboxListItem {
  replyTo: string | null;
  text: string;
}

/** A card of GET /api/songs (active songs, in order_index order). */
export interface CatalogueSongItem {
  id: string;
  slug: string;
  title: string;
  description: string;
  genre: string | null;
  bpm: number | null;
  tags: string[];
}

/** GET /api/songs: one page of the catalogue and every genre of the active songs (for the filter). */
export interface CataloguePage extends Paged<CatalogueSongItem> {
  genres: string[];
}

/** An approved comment as the song page shows it. */
export interface SongComment {
  id: string;
  name: string;
  text: string;
  createdAt: string;
}

/** GET /api/songs/:slug. Media links are signed for this user and expire (SIGNED_URL_TTL_SECONDS). */
export interface CatalogueSong extends CatalogueSongItem {
  lyrics: string;
  writerInfo: string | null;
  audioUrl: string | null;
  imageUrl: string | null;
  /** The waveform: at most WAVEFORM_MAX_PEAKS values of 0-255; null until computed (the player draws a flat bar). */
  peaks: number[] | null;
  /** The audio's length as decoded at upload; null until computed. */
  durationSeconds: number | null;
  comments: SongComment[];
}

/** A row of GET /api/admin/songs (every song, in order). */
export interface AdminSongListItem {
  id: string;
  slug: string;
  title: string;
  genre: string | null;
  isActive: boolean;
  orderIndex: number;
  createdAt: string;
}

/** GET /api/admin/songs/:id */
export interface AdminSong extends Omit<CatalogueSong, 'comments'> {
  orderIndex: number;
  isActive: boolean;
  createdAt: string;
}

/** POST and PUT /api/admin/songs */
export interface SavedSong {
  id: string;
  slug: string;
}

/** A row of GET /api/admin/comments */
export interface AdminCommentItem {
  id: string;
  songTitle: string;
  songSlug: string;
  name: string;
  email: string;
  text: string;
  isApproved: boolean;
  createdAt: string;
}

// ---------------------------------------------------------------- holds, passes and pitch links

/** A listener's hold or pass as they see it: GET /api/song-responses, newest first. */
export interface MySongResponse {
  songId: string;
  songSlug: string;
  songTitle: string;
  response: SongResponse;
  note: string | null;
  updatedAt: string;
}

/** Who answered: a preview user, or a pitch link's recipient. */
export interface ResponseListener {
  kind: 'user' | 'pitch';
  /** The user's id or the pitch link's id. */
  id: string;
  name: string;
  email: string;
  company: string | null;
}

/** A row of GET /api/admin/song-responses. */
export interface AdminSongResponse {
  id: string;
  songId: string;
  songSlug: string;
  songTitle: string;
  response: SongResponse;
  note: string | null;
  updatedAt: string;
  listener: ResponseListener;
}

/** One event of GET /api/admin/pitch-activity. */
export interface PitchActivityEvent {
  /** Unique within the feed: the kind and the row's id. */
  id: string;
  kind: 'hold' | 'pass' | 'open' | 'play';
  /** When it happened: a hold's or pass's latest change, a link's last open, a play's start. */
  at: string;
  /** The song; null for a link open (the link, not a song, was opened). */
  song: { id: string; slug: string; title: string; durationSeconds: number | null } | null;
  listener: ResponseListener;
  /** A hold's note (the artist or project). */
  note: string | null;
  /** A play's depth: seconds listened and the furthest point reached. */
  play: { listenedSeconds: number; furthestSeconds: number; completed: boolean } | null;
}

/** GET /api/admin/pitch-activity: newest first; nextCursor asks for the next, older page. */
export interface PitchActivityPage {
  events: PitchActivityEvent[];
  nextCursor: string | null;
}

export type PitchLinkStatus = 'active' | 'expired' | 'revoked';

/** A row of GET /api/admin/pitch-links, newest first. */
export interface PitchLinkListItem {
  id: string;
  recipientName: string;
  recipientEmail: string;
  recipientCompany: string | null;
  status: PitchLinkStatus;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  lastOpenedAt: string | null;
  songCount: number;
  plays: number;
  holds: number;
  passes: number;
}

/** One song of a pitch link with what its recipient did with it. */
export interface PitchLinkSongActivity {
  songId: string;
  title: string;
  slug: string;
  /** The song's length, when known (the furthest point is read against it). */
  songSeconds: number | null;
  plays: number;
  listenedSeconds: number;
  furthestSeconds: number;
  completed: boolean;
  lastPlayedAt: string | null;
  response: SongResponse | null;
  note: string | null;
}

/** GET /api/admin/pitch-links/:id */
export interface PitchLinkDetail extends PitchLinkListItem {
  message: string | null;
  songs: PitchLinkSongActivity[];
}

/** POST /api/admin/pitch-links: the link itself is shown this once (only its hash is kept). */
export interface CreatedPitchLink {
  id: string;
  url: string;
}

/** A song of a pitch page: stream only, with links signed for this pitch link. */
export interface PitchSong {
  id: string;
  title: string;
  description: string;
  lyrics: string;
  writerInfo: string | null;
  genre: string | null;
  bpm: number | null;
  tags: string[];
  audioUrl: string | null;
  imageUrl: string | null;
  peaks: number[] | null;
  durationSeconds: number | null;
  response: { response: SongResponse; note: string | null } | null;
}

/** GET /api/pitch/:token */
export interface PitchPage {
  recipientName: string;
  recipientCompany: string | null;
  message: string | null;
  expiresAt: string;
  songs: PitchSong[];
}

/** A listener of GET /api/admin/preview-activity/songs/:songId: a preview user, or a pitch link's recipient (no account). */
export interface SongListener {
  kind: 'user' | 'pitch';
  /** The user's id or the pitch link's id. */
  id: string;
  name: string;
  email: string;
  company: string | null;
  plays: number;
  listenedSeconds: number;
  furthestSeconds: number;
  completed: boolean;
  lastPlayedAt: string;
}

/** A preview request as its owner reads it (GET /api/preview-requests/mine). */
export interface PreviewRequestView {
  id: string;
  name: string;
  companyName: string;
  email: string;
  proAffiliation: string;
  projectDescription: string;
  status: PreviewRequestStatus;
  createdAt: string;
  reviewedAt: string | null;
  autoApprovedAt: string | null;
  revokedAt: string | null;
}

/** A row of GET /api/admin/preview-requests: the request and the account linked to it. */
export interface AdminPreviewRequest extends PreviewRequestView {
  userId: string | null;
  /** The linked account's e-mail is confirmed; null when no account is linked. */
  accountEmailVerified: boolean | null;
}
