import type { DeleteAccountInput } from '../../../common/schemas/own-data';
import { api } from '../../lib/api';

/** The download links: the server answers with the JSON as an attachment, so the browser saves it. */
export const MY_DATA_URL = '/api/me/data';
export const userDataUrl = (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}/data`;

export const deleteMyAccount = (input: DeleteAccountInput) => api<null>('/api/me', { method: 'DELETE', body: input });
export const deleteUserAccount = (userId: string) => api<null>(`/api/admin/users/${encodeURIComponent(userId)}`, { method: 'DELETE' });
