import { stringify } from 'csv-stringify/sync';

/**
 * A CSV download: a header row, then the rows. A cell starting with =, +, -, @, a tab or a carriage return gets a
 * leading ' (escape_formulas), so a spreadsheet opening the file reads it as text and never runs it as a formula.
 */
export function csvResponse(fileName: string, header: readonly string[], rows: readonly (readonly unknown[])[]): Response {
  const body = stringify([header, ...rows], { escape_formulas: true, bom: true, record_delimiter: 'windows' });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}

/** Today's date for a download's name: "catalogue-2026-11-26.csv". */
export const datedFileName = (base: string, now = new Date()) => `${base}-${now.toISOString().slice(0, 10)}.csv`;
