import { formatDate } from '../../lib/format';

/** A calendar day (YYYY-MM-DD) as "Mar 4, 2026", whatever the browser's time zone. */
export const formatDay = (day: string) => formatDate(`${day}T12:00:00`);

/** Seconds as m:ss: 95 -> "1:35". */
export function formatSeconds(value: number): string {
  const s = Math.max(0, Math.floor(value));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
