import { differenceInCalendarDays, formatDistanceToNow } from 'date-fns';
import { formatDateTime } from '../../../lib/format';

/** Seconds as m:ss (h:mm:ss from an hour up): 95 -> "1:35". */
export function formatListened(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** Recent times read better as "5 minutes ago"; from a week back, the date and time. */
export function formatLastActive(value: string, now = new Date()): string {
  const date = new Date(value);
  return differenceInCalendarDays(now, date) < 7 ? formatDistanceToNow(date, { addSuffix: true }) : formatDateTime(date);
}

/** Active within the last seven days (the dashboard's "Active This Week"). */
export function activeThisWeek(value: string | null, now = Date.now()): boolean {
  return value !== null && now - new Date(value).getTime() <= 7 * 24 * 3600 * 1000;
}
