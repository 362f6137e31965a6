import { Search, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { LIMITS } from '../../../common/constants';
import { MUSICAL_KEYS, type MusicalKey } from '../../../common/musical-keys';
import * as MESSAGES from '../../../common/messages';
import { ChorusBySchema, IntroUnderSchema } from '../../../common/schemas/catalogue';
import { clockTime } from '../../../common/song-form';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import type { CatalogueFilters as Filters } from './catalogue-api';

const DEBOUNCE_MS = 350;

/** What the user is typing, as typed. */
interface Draft {
  q: string;
  bpmMin: string;
  bpmMax: string;
  /** As typed: "0:50" or seconds. */
  chorusBy: string;
  introUnder: string;
}

export type FilterPatch = Partial<
  Pick<Filters, 'q' | 'genre' | 'key' | 'oneStop' | 'newOnly' | 'bpmMin' | 'bpmMax' | 'chorusBy' | 'introUnder'>
>;

/** Whether the list is narrowed at all. */
export const hasAnyFilter = (f: Filters) => activeFilterCount(f) > 0;

/** How many filters narrow the list: the tempo range counts once, whichever of its ends is set. */
export const activeFilterCount = (f: Filters) =>
  [
    f.q,
    f.genre,
    f.key,
    f.oneStop,
    f.newOnly,
    f.bpmMin !== undefined || f.bpmMax !== undefined,
    f.chorusBy !== undefined,
    f.introUnder !== undefined,
  ].filter(Boolean).length;

const DRAFT_FIELDS = ['q', 'bpmMin', 'bpmMax', 'chorusBy', 'introUnder'] as const;
const toDraft = (f: Filters): Draft => ({
  q: f.q ?? '',
  bpmMin: f.bpmMin?.toString() ?? '',
  bpmMax: f.bpmMax?.toString() ?? '',
  chorusBy: f.chorusBy === undefined ? '' : clockTime(f.chorusBy),
  introUnder: f.introUnder === undefined ? '' : clockTime(f.introUnder),
});
const sameDraft = (a: Draft, b: Draft) => DRAFT_FIELDS.every((field) => a[field].trim() === b[field].trim());

/** A time filter as typed, read by the schema the API reads it with: undefined when empty. */
function parseTime(schema: typeof ChorusBySchema, raw: string): { seconds?: number; error?: string } {
  if (raw.trim() === '') return {};
  const parsed = schema.safeParse(raw);
  return parsed.success ? { seconds: parsed.data } : { error: parsed.error.issues[0]?.message };
}

function parseBpm(raw: string): number | undefined | 'invalid' {
  const text = raw.trim();
  if (text === '') return undefined;
  const value = Number(text);
  return Number.isInteger(value) && value >= LIMITS.bpmMin && value <= LIMITS.bpmMax ? value : 'invalid';
}

type DraftErrors = Partial<Record<'bpmMin' | 'bpmMax' | 'chorusBy' | 'introUnder', string>>;

/** The draft's problems, by field; none means it may be applied. */
function draftErrors(draft: Draft): DraftErrors {
  const min = parseBpm(draft.bpmMin);
  const max = parseBpm(draft.bpmMax);
  const errors: DraftErrors = {};
  const chorusBy = parseTime(ChorusBySchema, draft.chorusBy).error;
  const introUnder = parseTime(IntroUnderSchema, draft.introUnder).error;
  if (chorusBy) errors.chorusBy = chorusBy;
  if (introUnder) errors.introUnder = introUnder;
  if (min === 'invalid') errors.bpmMin = MESSAGES.songs.bpmRange;
  if (max === 'invalid') errors.bpmMax = MESSAGES.songs.bpmRange;
  if (typeof min === 'number' && typeof max === 'number' && min > max) errors.bpmMax = MESSAGES.songs.bpmRangeOrder;
  return errors;
}

/**
 * Search (title, lyrics, tag, writer or key), genre, key, one-stop songs only, a BPM range, and how soon the
 * first chorus comes and how short the intro is (m:ss). Typing is applied
 * after a short pause; the lists and the checkbox at once. The values live in the URL (the page owns them), so this keeps only what is being typed and
 * adopts the URL's values when they change from outside (Back, a shared link, Clear filters).
 * `inline` is the card above the list; `sheet` is the same fields in the phone's filter sheet, whose own
 * buttons submit it (by `id`) and clear it; `onSubmitted` follows a submit that applied.
 */
export function CatalogueFilters({
  filters,
  genres,
  onChange,
  onClear,
  variant = 'inline',
  id,
  onSubmitted,
}: {
  filters: Filters;
  genres: readonly string[];
  onChange: (patch: FilterPatch) => void;
  onClear: () => void;
  variant?: 'inline' | 'sheet';
  id?: string;
  onSubmitted?: () => void;
}) {
  const { draft, setDraft, errors, submit } = useFilterDraft(filters, onChange);

  const hasFilters = hasAnyFilter(filters);
  // A genre from a shared link that no active song has any more still shows as chosen.
  const genreOptions =
    filters.genre && !genres.some((g) => g.toLowerCase() === filters.genre?.toLowerCase()) ? [filters.genre, ...genres] : genres;

  return (
    <form
      id={id}
      role="search"
      aria-label="Filter songs"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (submit()) onSubmitted?.();
      }}
      className={
        variant === 'sheet'
          ? 'grid gap-4'
          : 'grid gap-4 rounded-xl border border-border bg-card p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_6rem_6rem_6.5rem_6.5rem] lg:items-start'
      }
    >
      <FormField label="Search" className="sm:col-span-2 lg:col-span-1">
        <Input
          type="search"
          placeholder="Title, lyrics, tag, writer or key"
          autoComplete="off"
          maxLength={100}
          value={draft.q}
          onChange={(event) => setDraft((d) => ({ ...d, q: event.target.value }))}
        />
      </FormField>
      <FormField label="Genre">
        <NativeSelect value={filters.genre ?? ''} onChange={(event) => onChange({ genre: event.target.value || undefined })}>
          <option value="">All genres</option>
          {genreOptions.map((genre) => (
            <option key={genre} value={genre}>
              {genre}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Key">
        <NativeSelect
          value={filters.key ?? ''}
          onChange={(event) => onChange({ key: (event.target.value || undefined) as MusicalKey | undefined })}
        >
          <option value="">All keys</option>
          {MUSICAL_KEYS.map((key) => (
            <option key={key} value={key}>
              {key}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <BpmRangeFields draft={draft} setDraft={setDraft} errors={errors} />
      <SongTimeFields draft={draft} setDraft={setDraft} errors={errors} />
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 sm:col-span-2 lg:col-span-7">
        <div className="flex flex-wrap gap-x-6">
          <label className="flex min-h-10 items-center gap-3 text-sm font-medium">
            <input
              type="checkbox"
              className="size-4 shrink-0 accent-primary"
              checked={filters.oneStop ?? false}
              onChange={(event) => onChange({ oneStop: event.target.checked || undefined })}
            />
            <span>
              One-stop songs only <span className="font-normal text-muted-foreground">(one party clears every right)</span>
            </span>
          </label>
          <label className="flex min-h-10 items-center gap-3 text-sm font-medium">
            <input
              type="checkbox"
              className="size-4 shrink-0 accent-primary"
              checked={filters.newOnly ?? false}
              onChange={(event) => onChange({ newOnly: event.target.checked || undefined })}
            />
            <span>{MESSAGES.songs.newOnlyFilter}</span>
          </label>
        </div>
        {variant === 'inline' && (
          <div className="flex gap-2">
            {/* Submitting applies the search at once (Enter in a field does the same). */}
            <Button type="submit" variant="outline">
              <Search aria-hidden="true" />
              Search
            </Button>
            {hasFilters && (
              <Button type="button" variant="ghost" onClick={onClear}>
                <X aria-hidden="true" />
                Clear
              </Button>
            )}
          </div>
        )}
      </div>
    </form>
  );
}

/**
 * What is being typed in the search and BPM fields, applied once the typing pauses (or on submit, which says
 * whether it could apply), and replaced by the URL's values when they change from outside.
 */
function useFilterDraft(filters: Filters, onChange: (patch: FilterPatch) => void) {
  const fromUrl = toDraft(filters);
  const [draft, setDraft] = useState<Draft>(fromUrl);
  const applied = useRef<Draft>(fromUrl);

  // The URL changed without us: show its values.
  const { q, bpmMin, bpmMax, chorusBy, introUnder } = filters;
  useEffect(() => {
    const next = toDraft({ q, bpmMin, bpmMax, chorusBy, introUnder });
    if (!sameDraft(next, applied.current)) {
      applied.current = next;
      setDraft(next);
    }
  }, [q, bpmMin, bpmMax, chorusBy, introUnder]);

  const errors = draftErrors(draft);
  const valid = Object.keys(errors).length === 0;

  // The latest onChange, so the pause timer below restarts only when the draft changes.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const apply = useCallback((next: Draft) => {
    applied.current = next;
    const min = parseBpm(next.bpmMin);
    const max = parseBpm(next.bpmMax);
    onChangeRef.current({
      q: next.q.trim() || undefined,
      bpmMin: typeof min === 'number' ? min : undefined,
      bpmMax: typeof max === 'number' ? max : undefined,
      chorusBy: parseTime(ChorusBySchema, next.chorusBy).seconds,
      introUnder: parseTime(IntroUnderSchema, next.introUnder).seconds,
    });
  }, []);

  // Apply what was typed once the typing pauses.
  useEffect(() => {
    if (!valid || sameDraft(draft, applied.current)) return;
    const timer = setTimeout(() => apply(draft), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, valid, apply]);

  /** Applies the draft now, if it is valid; false when it is not. */
  const submit = () => {
    if (!valid) return false;
    if (!sameDraft(draft, applied.current)) apply(draft);
    return true;
  };

  return { draft, setDraft, errors, submit };
}

/**
 * "Chorus by" and "Intro under": songs whose measured first chorus comes by that time, and whose intro is shorter,
 * written as m:ss or seconds (side by side on a phone, in the card's row on a wide screen).
 */
function SongTimeFields({ draft, setDraft, errors }: { draft: Draft; setDraft: Dispatch<SetStateAction<Draft>>; errors: DraftErrors }) {
  return (
    <div className="grid grid-cols-2 gap-4 lg:contents">
      <FormField label={MESSAGES.songs.chorusByField} error={errors.chorusBy} hint="m:ss">
        <Input
          autoComplete="off"
          placeholder="0:50"
          value={draft.chorusBy}
          onChange={(event) => setDraft((d) => ({ ...d, chorusBy: event.target.value }))}
        />
      </FormField>
      <FormField label={MESSAGES.songs.introUnderField} error={errors.introUnder} hint="m:ss">
        <Input
          autoComplete="off"
          placeholder="0:15"
          value={draft.introUnder}
          onChange={(event) => setDraft((d) => ({ ...d, introUnder: event.target.value }))}
        />
      </FormField>
    </div>
  );
}

/** The BPM range's two fields, side by side (in the card's row on a wide screen). */
function BpmRangeFields({ draft, setDraft, errors }: { draft: Draft; setDraft: Dispatch<SetStateAction<Draft>>; errors: DraftErrors }) {
  return (
    <div className="grid grid-cols-2 gap-4 lg:contents">
      <FormField label="Min BPM" error={errors.bpmMin}>
        <Input
          type="number"
          inputMode="numeric"
          min={LIMITS.bpmMin}
          max={LIMITS.bpmMax}
          step={1}
          value={draft.bpmMin}
          onChange={(event) => setDraft((d) => ({ ...d, bpmMin: event.target.value }))}
        />
      </FormField>
      <FormField label="Max BPM" error={errors.bpmMax}>
        <Input
          type="number"
          inputMode="numeric"
          min={LIMITS.bpmMin}
          max={LIMITS.bpmMax}
          step={1}
          value={draft.bpmMax}
          onChange={(event) => setDraft((d) => ({ ...d, bpmMax: event.target.value }))}
        />
      </FormField>
    </div>
  );
}
