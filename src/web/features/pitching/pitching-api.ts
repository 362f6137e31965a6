import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  AdminSongListItem,
  AdminSongResponse,
  CreatedPitchLink,
  HoldCompanyShownState,
  MySongResponseItem,
  Ok,
  PitchActivityPage,
  PitchLinkDetail,
  PitchLinkListItem,
  PitchPage,
  RevokedPitchLink,
  SavedSongResponse,
  SentPitchReply,
  StartedPlay,
} from '../../../common/responses';
import {
  PITCH_ACTIVITY_PAGE_SIZE,
  type PitchLinkValues,
  type PitchReplyInput,
  type ShareUnlockInput,
  type ShareValues,
  type SongResponseValues,
} from '../../../common/schemas/pitching';
import { api } from '../../lib/api';
import { ADMIN_SONGS_KEY } from '../../lib/query-keys';

// ---------------------------------------------------------------- a preview user's holds and passes

export const MY_RESPONSES_KEY = ['song-responses', 'mine'] as const;

export const myResponsesQuery = queryOptions({
  queryKey: MY_RESPONSES_KEY,
  queryFn: ({ signal }) => api<MySongResponseItem[]>('/api/song-responses', { signal }),
});

export const saveMyResponse = (songId: string, values: SongResponseValues) =>
  api<SavedSongResponse>(`/api/song-responses/${encodeURIComponent(songId)}`, { method: 'PUT', body: values });

export const clearMyResponse = (songId: string) => api<null>(`/api/song-responses/${encodeURIComponent(songId)}`, { method: 'DELETE' });

// ---------------------------------------------------------------- admin

export const ADMIN_RESPONSES_KEY = ['admin', 'song-responses'] as const;
export const ADMIN_PITCH_LINKS_KEY = ['admin', 'pitch-links'] as const;

export const adminResponsesQuery = (filter: { songId: string } | { userId: string }) =>
  queryOptions({
    queryKey: [...ADMIN_RESPONSES_KEY, filter],
    queryFn: ({ signal }) => api<AdminSongResponse[]>('/api/admin/song-responses', { query: filter, signal }),
  });

/** Whether a hold's listener company shows in the songwriter's pitch report (holds on pitched songs only). */
export const setHoldCompanyShown = (id: string, companyShownToWriter: boolean) =>
  api<HoldCompanyShownState>(`/api/admin/song-responses/${encodeURIComponent(id)}`, { method: 'PATCH', body: { companyShownToWriter } });

/** The pitch activity feed's filters: a song, and one listener (a preview user or a pitch link). */
export interface PitchActivityFilter {
  songId?: string | undefined;
  userId?: string | undefined;
  pitchLinkId?: string | undefined;
}

export const pitchActivityQuery = (filter: PitchActivityFilter) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'pitch-activity', filter],
    queryFn: ({ pageParam, signal }) =>
      api<PitchActivityPage>('/api/admin/pitch-activity', {
        query: { ...filter, limit: PITCH_ACTIVITY_PAGE_SIZE, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const pitchLinksQuery = queryOptions({
  queryKey: ADMIN_PITCH_LINKS_KEY,
  queryFn: ({ signal }) => api<PitchLinkListItem[]>('/api/admin/pitch-links', { signal }),
});

export const pitchLinkQuery = (id: string) =>
  queryOptions({
    queryKey: [...ADMIN_PITCH_LINKS_KEY, id],
    queryFn: ({ signal }) => api<PitchLinkDetail>(`/api/admin/pitch-links/${encodeURIComponent(id)}`, { signal }),
  });

export const createPitchLink = (values: PitchLinkValues) =>
  api<CreatedPitchLink>('/api/admin/pitch-links', { method: 'POST', body: values });

/** Stream only (false) or download allowed for the link's recipient. */
export const setPitchLinkDownloads = (id: string, downloadAllowed: boolean) =>
  api<Ok>(`/api/admin/pitch-links/${encodeURIComponent(id)}/downloads`, { method: 'PUT', body: { downloadAllowed } });

export const revokePitchLink = (id: string) =>
  api<RevokedPitchLink>(`/api/admin/pitch-links/${encodeURIComponent(id)}/revoke`, { method: 'POST', body: {} });

// ---------------------------------------------------------------- a pitch link's recipient (no account)

const pitchPath = (token: string) => `/api/pitch/${encodeURIComponent(token)}`;

/** The recipient's message to the admin who sent the link. */
export const sendPitchReply = (token: string, values: PitchReplyInput) =>
  api<SentPitchReply>(`${pitchPath(token)}/replies`, { method: 'POST', body: values });

export const pitchPageQuery = (token: string) =>
  queryOptions({
    queryKey: ['pitch', token],
    queryFn: ({ signal }) => api<PitchPage>(pitchPath(token), { signal }),
    // A refetch brings fresh media links; the player asks for one itself when its link fails.
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
    retry: false,
  });

export const savePitchResponse = (token: string, songId: string, values: SongResponseValues) =>
  api<SavedSongResponse>(`${pitchPath(token)}/responses/${encodeURIComponent(songId)}`, {
    method: 'PUT',
    body: values,
  });

export const clearPitchResponse = (token: string, songId: string) =>
  api<null>(`${pitchPath(token)}/responses/${encodeURIComponent(songId)}`, { method: 'DELETE' });

export interface PitchPlayReport {
  durationSeconds: number;
  furthestSeconds: number;
  completed: boolean;
}

/** keepalive: the report may be sent while the page goes away, and must still arrive. */
export const startPitchPlay = (token: string, songId: string, report: PitchPlayReport, keepalive = false) =>
  api<StartedPlay>(`${pitchPath(token)}/plays`, { method: 'POST', body: { songId, ...report }, keepalive });

export const updatePitchPlay = (token: string, playId: string, report: PitchPlayReport, keepalive = false) =>
  api<Ok>(`${pitchPath(token)}/plays/${encodeURIComponent(playId)}`, { method: 'PATCH', body: report, keepalive });

/** The songs an admin may pick from: the admin song list (shared with the Songs page's cache). */
export const pickableSongsQuery = queryOptions({
  queryKey: ADMIN_SONGS_KEY,
  queryFn: ({ signal }) => api<AdminSongListItem[]>('/api/admin/songs', { signal }),
});

// ---------------------------------------------------------------- a buyer's shares (pitch links of kind share)

export const MY_SHARES_KEY = ['shares', 'mine'] as const;

export const mySharesQuery = queryOptions({
  queryKey: MY_SHARES_KEY,
  queryFn: ({ signal }) => api<PitchLinkListItem[]>('/api/shares', { signal }),
});

export const myShareQuery = (id: string) =>
  queryOptions({
    queryKey: [...MY_SHARES_KEY, id],
    queryFn: ({ signal }) => api<PitchLinkDetail>(`/api/shares/${encodeURIComponent(id)}`, { signal }),
  });

export const createShare = (values: ShareValues) => api<CreatedPitchLink>('/api/shares', { method: 'POST', body: values });

export const revokeShare = (id: string) =>
  api<RevokedPitchLink>(`/api/shares/${encodeURIComponent(id)}/revoke`, { method: 'POST', body: {} });

/** A protected share's password; the server answers with a cookie for this link. */
export const unlockShare = (token: string, values: ShareUnlockInput) =>
  api<Ok>(`${pitchPath(token)}/unlock`, { method: 'POST', body: values });
