import { queryOptions } from '@tanstack/react-query';
import type { BriefState } from '../../../common/constants';
import type { AdminBriefs, MyBriefAnswer, OwnBrief, SongwriterOrder, WriterBrief } from '../../../common/responses';
import type { BriefCloseInput, BriefCreateInput } from '../../../common/schemas/briefs';
import { api } from '../../lib/api';

export const BRIEFS_KEY = ['briefs'] as const;

export const myBriefsQuery = queryOptions({
  queryKey: [...BRIEFS_KEY, 'mine'],
  queryFn: ({ signal }) => api<OwnBrief[]>('/api/briefs/mine', { signal }),
});
export const openBriefsQuery = queryOptions({
  queryKey: [...BRIEFS_KEY, 'open'],
  queryFn: ({ signal }) => api<WriterBrief[]>('/api/briefs/open', { signal }),
});
export const mySignedSongsQuery = queryOptions({
  queryKey: [...BRIEFS_KEY, 'my-songs'],
  queryFn: ({ signal }) => api<{ id: string; title: string }[]>('/api/briefs/my-songs', { signal }),
});
/** The writer's paid orders with room for a song: where a new song answering a brief is sent from. */
export const ordersWithRoomQuery = queryOptions({
  queryKey: [...BRIEFS_KEY, 'orders'],
  queryFn: async ({ signal }) =>
    (await api<SongwriterOrder[]>('/api/songwriters/me/orders', { signal })).filter((o) => o.songsRemaining > 0),
});
export const adminBriefsQuery = (state: BriefState) =>
  queryOptions({
    queryKey: [...BRIEFS_KEY, 'admin', state],
    queryFn: ({ signal }) => api<AdminBriefs>(`/api/admin/briefs?state=${state}`, { signal }),
  });

export const createBrief = (values: BriefCreateInput) => api<OwnBrief>('/api/briefs', { method: 'POST', body: values });
export const answerWithSong = (briefId: string, songId: string) =>
  api<MyBriefAnswer>(`/api/briefs/${encodeURIComponent(briefId)}/answers`, { method: 'POST', body: { songId } });
export const approveBrief = (id: string) => api<null>(`/api/admin/briefs/${encodeURIComponent(id)}/approve`, { method: 'POST', body: {} });
export const closeBrief = (id: string, values: BriefCloseInput) =>
  api<null>(`/api/admin/briefs/${encodeURIComponent(id)}/close`, { method: 'POST', body: values });
