import { and, sql, type SQL } from 'drizzle-orm';
import type { CatalogueSort } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { songs } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** What a page's last row gives for the cursor: its sort keys as the page's JSON has them, and its id. */
export interface CursorRow {
  id: string;
  title: string;
  bpm: number | null;
  durationSeconds: number | null;
  createdAt: string;
  orderIndex: number;
  heldByOthers: number | null;
}

type KeyValue = string | number | null;

interface SortKey {
  column: SQL;
  /** The cursor's value as SQL of the column's type. */
  value: (v: string | number) => SQL;
  kind: 'string' | 'number';
  desc?: boolean;
  /** Ascending, nulls after every value (the column may be null). */
  nullsLast?: boolean;
  timestamp?: boolean;
  /** An int column: the cursor's value must be a whole number PostgreSQL's int takes. */
  whole?: boolean;
  of: (row: CursorRow) => KeyValue;
}

// JSON gives a timestamp with its microseconds, so a cursor names the row's exact time.
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:\d{2})?)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const createdAt = (desc: boolean): SortKey => ({
  column: sql`${songs.createdAt}`,
  value: (v) => sql`${v}::timestamptz`,
  kind: 'string',
  desc,
  timestamp: true,
  of: (r) => r.createdAt,
});

/** The keys of each sort, before the id, in the order and directions of catalogueOrder (songs.service.ts). */
function sortKeys(sort: CatalogueSort, heldByOthers: SQL): SortKey[] {
  switch (sort) {
    case 'newest':
      return [createdAt(true)];
    case 'title':
      return [{ column: sql`lower(${songs.title})`, value: (v) => sql`lower(${v}::text)`, kind: 'string', of: (r) => r.title }];
    case 'tempo':
      return [{ column: sql`${songs.bpm}`, value: (v) => sql`${v}::int`, kind: 'number', whole: true, nullsLast: true, of: (r) => r.bpm }];
    case 'length':
      return [
        {
          column: sql`${songs.audioDurationSeconds}`,
          value: (v) => sql`${v}::real`,
          kind: 'number',
          nullsLast: true,
          of: (r) => r.durationSeconds,
        },
      ];
    case 'held':
      return [
        { column: heldByOthers, value: (v) => sql`${v}::int`, kind: 'number', whole: true, desc: true, of: (r) => r.heldByOthers },
        createdAt(true),
      ];
    case 'catalogue':
      return [
        { column: sql`${songs.orderIndex}`, value: (v) => sql`${v}::int`, kind: 'number', whole: true, of: (r) => r.orderIndex },
        createdAt(false),
      ];
  }
}

/** The cursor after this row: the sort's name, its keys and its id, as base64url JSON. */
export function cursorAfter(sort: CatalogueSort, row: CursorRow): string {
  const keys = sortKeys(sort, sql``).map((k) => k.of(row));
  return Buffer.from(JSON.stringify([sort, ...keys, row.id])).toString('base64url');
}

/** A number the key's column can be compared with: finite, and for an int column whole and within int4. */
const numberFits = (v: number, k: SortKey) => Number.isFinite(v) && (!k.whole || (Number.isInteger(v) && Math.abs(v) <= 2 ** 31 - 1));

/** A timestamp PostgreSQL reads: the pattern, and a calendar date that exists (no 13th month or February 30). */
function timestampFits(v: string): boolean {
  if (!TIMESTAMP.test(v)) return false;
  const [time] = v.slice(11).split(/[.Z+-]/);
  const [hours, minutes, seconds] = time!.split(':').map(Number);
  const day = new Date(`${v.slice(0, 10)}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(v.slice(0, 10)) && hours! < 24 && minutes! < 60 && seconds! < 60;
}

function decode(sort: CatalogueSort, keys: SortKey[], cursor: string): { values: KeyValue[]; id: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const stale = () => new AppError('INVALID', MESSAGES.songs.staleCursor, { after: [MESSAGES.songs.staleCursor] });
  if (!Array.isArray(parsed) || parsed.length !== keys.length + 2 || parsed[0] !== sort) throw stale();
  const id: unknown = parsed.at(-1);
  const values = parsed.slice(1, -1) as unknown[];
  if (typeof id !== 'string' || !UUID.test(id)) throw stale();
  keys.forEach((k, i) => {
    const v = values[i];
    const fits =
      v === null
        ? k.nullsLast === true
        : typeof v === k.kind && (typeof v !== 'number' || numberFits(v, k)) && (!k.timestamp || timestampFits(String(v)));
    if (!fits) throw stale();
  });
  return { values: values as KeyValue[], id };
}

/**
 * The songs after the cursor's row in the sort's order (keyset pagination): a condition on the sort's keys and
 * the id, so each page is read from where the last one ended instead of counting past every song before it.
 * Its first key also bounds the scan on its own, so the sort's index starts at the cursor.
 */
export function afterCursor(sort: CatalogueSort, cursor: string, heldByOthers: SQL): SQL {
  const keys = sortKeys(sort, heldByOthers);
  const { values, id } = decode(sort, keys, cursor);
  let rest = sql`${songs.id} > ${id}::uuid`;
  for (let i = keys.length - 1; i >= 0; i--) {
    const k = keys[i]!;
    const v = values[i]!;
    if (v === null) {
      rest = sql`(${k.column} is null and ${rest})`;
      continue;
    }
    const beyond = k.desc ? sql`${k.column} < ${k.value(v)}` : sql`${k.column} > ${k.value(v)}`;
    rest = sql`(${beyond}${k.nullsLast ? sql` or ${k.column} is null` : sql``} or (${k.column} = ${k.value(v)} and ${rest}))`;
  }
  const [first] = keys;
  const v0 = values[0]!;
  const bound =
    v0 === null || first!.nullsLast
      ? undefined
      : first!.desc
        ? sql`${first!.column} <= ${first!.value(v0)}`
        : sql`${first!.column} >= ${first!.value(v0)}`;
  return and(bound, rest)!;
}
