import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OutboxHold, OutboxListItem, OutboxMessage, OutboxReleaseResult, Paged } from '../../../common/responses';
import type { OutboxRelease, OutboxStatus } from '../../../common/constants';
import { api } from '../../lib/api';

export const OUTBOX_PAGE_SIZE = 25;

export const outboxListQuery = (page: number, status: OutboxStatus | undefined) =>
  queryOptions({
    queryKey: ['admin', 'outbox', { page, status }],
    queryFn: ({ signal }) =>
      api<Paged<OutboxListItem>>('/api/admin/outbox', { query: { page, pageSize: OUTBOX_PAGE_SIZE, status }, signal }),
    // Keep the current rows on screen while the next page loads, instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });

export const outboxMessageQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'outbox', 'message', id],
    queryFn: ({ signal }) => api<OutboxMessage>(`/api/admin/outbox/${encodeURIComponent(id)}`, { signal }),
  });

export const OUTBOX_HOLD_KEY = ['admin', 'outbox', 'hold'] as const;

export const outboxHoldQuery = () =>
  queryOptions({ queryKey: OUTBOX_HOLD_KEY, queryFn: ({ signal }) => api<OutboxHold>('/api/admin/outbox-hold', { signal }) });

export const releaseOutbox = (held: OutboxRelease) =>
  api<OutboxReleaseResult>('/api/admin/outbox-hold/release', { method: 'POST', body: { held } });
