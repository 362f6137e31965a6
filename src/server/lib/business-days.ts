import { addDays, format, isWeekend, parseISO } from 'date-fns';
import Holidays from 'date-holidays';

/** US federal holidays, as the date-holidays library keeps them: its `public` days, observed days included. */
const us = new Holidays('US', { types: ['public'] });
const holidaysByYear = new Map<number, Set<string>>();

function federalHolidays(year: number): Set<string> {
  let days = holidaysByYear.get(year);
  if (!days) {
    days = new Set(
      us
        .getHolidays(year)
        .filter((h) => h.type === 'public')
        .map((h) => h.date.slice(0, 10)),
    );
    holidaysByYear.set(year, days);
  }
  return days;
}

/** Whether a YYYY-MM-DD is a US federal holiday (or the weekday one is observed on). */
export function isFederalHoliday(day: string): boolean {
  return federalHolidays(Number(day.slice(0, 4))).has(day);
}

/** Whether a YYYY-MM-DD is a business day: a weekday that is not a US federal holiday. */
export function isBusinessDay(day: string): boolean {
  return !isWeekend(parseISO(day)) && !isFederalHoliday(day);
}

/** The business day `count` business days after a YYYY-MM-DD (the day itself never counts). */
export function addBusinessDays(day: string, count: number): string {
  let date = parseISO(day);
  for (let left = count; left > 0;) {
    date = addDays(date, 1);
    if (isBusinessDay(format(date, 'yyyy-MM-dd'))) left--;
  }
  return format(date, 'yyyy-MM-dd');
}
