import { queryOptions } from '@tanstack/react-query';
import type { NewSongsMailSetting } from '../../../common/responses';
import { api } from '../../lib/api';

const URL = '/api/new-songs-mail';

export const newSongsMailQuery = queryOptions({
  queryKey: ['new-songs-mail'],
  queryFn: ({ signal }) => api<NewSongsMailSetting>(URL, { signal }),
});

export const setNewSongsMail = (weekly: boolean) => api<NewSongsMailSetting>(URL, { method: 'PUT', body: { weekly } });

/** The e-mail's link: no session needed, the token names the buyer. */
export const unsubscribe = (token: string) => api<NewSongsMailSetting>(`${URL}/unsubscribe`, { method: 'POST', body: { token } });
