/** Calendar days (YYYY-MM-DD) as the company counts them, the same in the server and the browser. */
import { COMPANY_TIME_ZONE } from './constants';

/** The calendar day `at` falls on in `timeZone`, as YYYY-MM-DD. */
export function dayIn(timeZone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Whole days from one YYYY-MM-DD to another: negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const IN_WORDS = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * A day as people write it, in the company's US English: "November 28, 2026". Every date a person reads
 * in a document or an e-mail goes through here. A calendar day (YYYY-MM-DD) is that day; an instant is the
 * day it falls on in `timeZone` (the company's, in Nashville, unless told).
 */
export function dayInWords(value: string | Date, timeZone: string = COMPANY_TIME_ZONE): string {
  const day = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : dayIn(timeZone, new Date(value));
  return IN_WORDS.format(new Date(`${day}T00:00:00Z`));
}
