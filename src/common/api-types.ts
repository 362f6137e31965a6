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
