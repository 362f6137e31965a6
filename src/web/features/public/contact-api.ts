import type { ContactInput } from '../../../common/schemas/contact';
import type { Ok } from '../../../common/responses/common';
import { api } from '../../lib/api';

export const sendContactMessage = (input: ContactInput) => api<Ok>('/api/contact', { method: 'POST', body: input });
