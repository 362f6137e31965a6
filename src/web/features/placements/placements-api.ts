import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Ledger, MyPlacementList, Placement, SongPlacements } from '../../../common/responses';
import { centsToDollars, type PlacementFormValues } from '../../../common/schemas/placements';
import { api } from '../../lib/api';

const ADMIN_KEY = ['admin', 'placements'] as const;
const MINE_KEY = ['songwriter', 'placements'] as const;

export const songPlacementsQuery = (songId: string) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'song', songId],
    queryFn: ({ signal }) => api<SongPlacements>('/api/admin/placements', { query: { songId }, signal }),
  });

export const ledgerQuery = (writer: string | undefined) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'ledger', writer ?? 'all'],
    queryFn: ({ signal }) => api<Ledger>('/api/admin/ledger', { query: { writer }, signal }),
  });

export const myPlacementsQuery = queryOptions({
  queryKey: MINE_KEY,
  queryFn: ({ signal }) => api<MyPlacementList>('/api/placements', { signal }),
});

/** Records a new placement (no id) or saves an edit: the income as the dollars the API reads; the commission is the server's to compute. */
export const savePlacement = ({ id, songId, values }: { id?: string; songId: string; values: PlacementFormValues }) =>
  id
    ? api<Placement>(`/api/admin/placements/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body: { ...values, income: centsToDollars(values.income) },
      })
    : api<Placement>('/api/admin/placements', { method: 'POST', body: { ...values, songId, income: centsToDollars(values.income) } });

/** After a save: the song's list, the ledger and the pipeline's stages may all have changed. */
export const refreshPlacements = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'pitch-agreements'] }),
  ]);
