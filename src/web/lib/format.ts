import { format } from 'date-fns';
import { DATE_FORMAT } from '../../common/constants';

/** "Mar 4, 2025" */
export function formatDate(value: string | Date): string {
  return format(new Date(value), DATE_FORMAT);
}

/** "Mar 4, 2025 3:07 PM" */
export function formatDateTime(value: string | Date): string {
  return format(new Date(value), `${DATE_FORMAT} h:mm a`);
}
