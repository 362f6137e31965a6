import type { ContactInput } from '../../../common/schemas/contact';
import { api } from '../../lib/api';

export const sendContactMessage = (input: ContactInput) => api<{ ok: true }>('/api/contact', { method: 'POST', body: input });
