import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { SONG_WRITERS, WRITER_PRO_LABELS, WRITER_PROS } from '../../../../common/constants';
import * as MESSAGES from '../../../../common/messages';
import { shareHundredths, sharesTotal, type SongFormInput, type SongWriterInput } from '../../../../common/schemas/songs';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/select';
import { cn } from '../../../lib/cn';

const m = MESSAGES.songs;

/** A share field: empty is "no share yet" (the schema says so), anything else a number for the schema to judge. */
const toShare = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));

/** The fields of a writer the server may name in its errors, as `writers.0.name`. */
export const WRITER_FIELDS = ['name', 'pro', 'ipi', 'publisher', 'share'] as const;

/** The message about the writers as a whole (their shares' total): where the schema's resolver or the server put it. */
function totalError(errors: FieldErrors<SongFormInput>): string | undefined {
  const writers = errors.writers as { message?: string; root?: { message?: string } } | undefined;
  return writers?.root?.message ?? writers?.message;
}

/** After a move, the moved writer's Up or Down button keeps the focus, whichever is still enabled there. */
function useFocusAfterMove(list: RefObject<HTMLOListElement | null>) {
  const [movedTo, setMovedTo] = useState<{ index: number; direction: 'up' | 'down' } | null>(null);
  useEffect(() => {
    if (!movedTo) return;
    const buttons = list.current?.children[movedTo.index]?.querySelectorAll<HTMLButtonElement>('button[data-move]');
    const same = [...(buttons ?? [])].find((b) => b.dataset.move === movedTo.direction && !b.disabled);
    const other = [...(buttons ?? [])].find((b) => !b.disabled);
    (same ?? other)?.focus();
    setMovedTo(null);
  }, [movedTo, list]);
  return setMovedTo;
}

/**
 * The song's writers and their shares, in credit order: one group of fields per writer, added, removed and
 * moved with buttons (so with the keyboard too), and the running total beside the rule it must meet.
 */
export function WritersFields({
  control,
  register,
  errors,
  hasWriterInfo,
}: {
  control: Control<SongFormInput>;
  register: UseFormRegister<SongFormInput>;
  errors: FieldErrors<SongFormInput>;
  /** The song has free-text writer info, shown while it lists no writers. */
  hasWriterInfo: boolean;
}) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'writers' });
  const writers = useWatch({ control, name: 'writers' }) ?? [];
  const addButton = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const setMovedTo = useFocusAfterMove(list);
  const [note, setNote] = useState('');

  const shares = writers.map((w) => (typeof w?.share === 'number' ? w.share : Number.NaN));
  const totalHundredths = shares.reduce((sum, share) => sum + (Number.isFinite(share) ? shareHundredths(share) : 0), 0);
  const complete = totalHundredths === SONG_WRITERS.totalHundredths;
  const rowErrors = errors.writers as FieldErrors<SongFormInput>['writers'] & Record<number, FieldErrors<SongWriterInput> | undefined>;
  const nameOf = (index: number) => writers[index]?.name?.trim() || `writer ${index + 1}`;

  const add = () => {
    // A new writer takes what is left of the song, so two writers at 60 and 40 are two fields to type, not three.
    const left = (SONG_WRITERS.totalHundredths - totalHundredths) / 100;
    append({ name: '', pro: '' as SongWriterInput['pro'], ipi: '', publisher: '', share: left > 0 ? left : undefined } as SongWriterInput, {
      focusName: `writers.${fields.length}.name`,
    });
    setNote(`Writer ${fields.length + 1} added.`);
  };

  const moveTo = (from: number, to: number) => {
    move(from, to);
    setMovedTo({ index: to, direction: to < from ? 'up' : 'down' });
    setNote(`${nameOf(from)} moved to position ${to + 1} of ${fields.length}.`);
  };

  const removeAt = (index: number) => {
    const name = nameOf(index);
    remove(index);
    setNote(`${name} removed.`);
    // The row and its button are gone: keep the keyboard in the card.
    addButton.current?.focus();
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Writers and splits</CardTitle>
        <CardDescription>
          Each writer’s share of the song, in the order the song credits them. Shares must add up to exactly 100%.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {fields.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {m.writersNone}
            {hasWriterInfo ? ' Until you add one, the song page shows the writer info instead.' : ''}
          </p>
        ) : (
          <ol ref={list} className="grid gap-4">
            {fields.map((field, index) => (
              <li key={field.id}>
                <WriterRow
                  index={index}
                  count={fields.length}
                  name={nameOf(index)}
                  register={register}
                  error={rowErrors?.[index]}
                  onMove={moveTo}
                  onRemove={removeAt}
                />
              </li>
            ))}
          </ol>
        )}

        {fields.length > 0 && (
          <p className={cn('text-sm font-medium', complete ? 'text-muted-foreground' : 'text-foreground')}>
            Total: <span className="tabular-nums">{sharesTotal(shares)}%</span>
            {complete ? '' : ' of 100%'}
          </p>
        )}
        {totalError(errors) && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {totalError(errors)}
          </p>
        )}
        <p className="sr-only" aria-live="polite">
          {note}
        </p>
        <div>
          <Button ref={addButton} type="button" variant="outline" onClick={add} disabled={fields.length >= SONG_WRITERS.max}>
            <Plus aria-hidden="true" />
            Add writer
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** One writer's fields, and the buttons that move it up or down the credits or remove it. */
function WriterRow({
  index,
  count,
  name,
  register,
  error,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  /** How the buttons name this writer to a screen reader. */
  name: string;
  register: UseFormRegister<SongFormInput>;
  error: FieldErrors<SongWriterInput> | undefined;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  return (
    <fieldset className="grid gap-4 rounded-lg border border-border p-4">
      <legend className="px-1 text-sm font-semibold">Writer {index + 1}</legend>
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        <FormField label="Name" required error={error?.name?.message}>
          <Input maxLength={SONG_WRITERS.nameMax} autoComplete="off" {...register(`writers.${index}.name`)} />
        </FormField>
        <FormField label="PRO" required error={error?.pro?.message}>
          <NativeSelect {...register(`writers.${index}.pro`)}>
            <option value="">Choose a PRO…</option>
            {WRITER_PROS.map((pro) => (
              <option key={pro} value={pro}>
                {WRITER_PRO_LABELS[pro]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="IPI/CAE number" error={error?.ipi?.message} hint="Optional: 9 to 11 digits.">
          <Input inputMode="numeric" maxLength={11} autoComplete="off" spellCheck={false} {...register(`writers.${index}.ipi`)} />
        </FormField>
        <FormField label="Publisher" error={error?.publisher?.message}>
          <Input maxLength={SONG_WRITERS.publisherMax} {...register(`writers.${index}.publisher`)} />
        </FormField>
        <FormField label="Share (%)" required error={error?.share?.message}>
          <Input
            type="number"
            inputMode="decimal"
            min={0.01}
            max={100}
            step={0.01}
            className="sm:max-w-40"
            {...register(`writers.${index}.share`, { setValueAs: toShare })}
          />
        </FormField>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={index === 0}
          data-move="up"
          onClick={() => onMove(index, index - 1)}
          aria-label={`Move ${name} up`}
        >
          <ArrowUp aria-hidden="true" />
          Up
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={index === count - 1}
          data-move="down"
          onClick={() => onMove(index, index + 1)}
          aria-label={`Move ${name} down`}
        >
          <ArrowDown aria-hidden="true" />
          Down
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={() => onRemove(index)} aria-label={`Remove ${name}`}>
          <Trash2 aria-hidden="true" />
          Remove
        </Button>
      </div>
    </fieldset>
  );
}
