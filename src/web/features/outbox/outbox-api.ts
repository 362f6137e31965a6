import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OutboxListItem, OutboxMessage, Paged } from '../../../common/responses';
import type { OutboxStatus } from '../../../common/constants';
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
