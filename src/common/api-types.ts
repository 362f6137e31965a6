/** Shapes of API replies that both sides read. */
import type { OutboxStatus } from './constants';

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

export type CommentStatusFilter = 'pending' | 'approved' | 'all';

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
