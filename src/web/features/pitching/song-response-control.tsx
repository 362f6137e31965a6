import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Bookmark, ThumbsDown, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { LIMITS, type SongResponse } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { SongResponseSchema, type SongResponseInput, type SongResponseValues } from '../../../common/schemas/pitching';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { InlineSpinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/api';
import { cn } from '../../lib/cn';

const m = MESSAGES.pitching;

export interface CurrentResponse {
  response: SongResponse;
  note: string | null;
}

/**
 * Hold (with an optional note: the artist or project) or pass on one song, change one's mind, or clear it.
 * The same control serves the catalogue's song page and a pitch link's page; only where it saves differs.
 */
export function SongResponseControl({
  songTitle,
  current,
  save,
  clear,
  onChanged,
  className,
}: {
  songTitle: string;
  current: CurrentResponse | null;
  save: (values: SongResponseValues) => Promise<unknown>;
  clear: () => Promise<unknown>;
  onChanged: () => unknown;
  className?: string;
}) {
  const [editing, setEditing] = useState(false);
  const statusId = useId();
  const isHold = current?.response === 'hold';
  const isPass = current?.response === 'pass';

  const saved = useMutation({
    mutationFn: save,
    onSuccess: async (_, values) => {
      setEditing(false);
      toast.success(values.response === 'hold' ? m.held : m.passed);
      await onChanged();
    },
    onError: (error) => toast.error(m.responseFailed, { description: isApiError(error) ? error.message : undefined }),
  });
  const cleared = useMutation({
    mutationFn: clear,
    onSuccess: async () => {
      toast.success(m.cleared);
      await onChanged();
    },
    onError: (error) => toast.error(m.responseFailed, { description: isApiError(error) ? error.message : undefined }),
  });
  const busy = saved.isPending || cleared.isPending;

  return (
    <section aria-label={`Hold or pass: ${songTitle}`} className={cn('rounded-xl border border-border bg-card p-4 shadow-sm', className)}>
      <p id={statusId} role="status" className="text-sm">
        {isHold ? (
          <>
            <span className="font-semibold">On hold</span>
            {current.note ? <> for {current.note}.</> : '.'}
          </>
        ) : isPass ? (
          <span className="font-semibold">You passed on this song.</span>
        ) : (
          <span className="text-muted-foreground">Hold it for an artist or project, or pass.</span>
        )}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant={isHold ? 'default' : 'outline'}
          aria-pressed={isHold}
          aria-expanded={editing}
          disabled={busy}
          onClick={() => setEditing((open) => !open)}
        >
          <Bookmark aria-hidden="true" fill={isHold ? 'currentColor' : 'none'} />
          {isHold ? 'On hold' : 'Hold'}
          <span className="sr-only"> {songTitle}</span>
        </Button>
        <Button
          variant={isPass ? 'default' : 'outline'}
          aria-pressed={isPass}
          disabled={busy}
          // Like any toggle, pressing it again takes the pass back.
          onClick={() => (isPass ? cleared.mutate() : saved.mutate({ response: 'pass', note: null }))}
        >
          <ThumbsDown aria-hidden="true" />
          Pass<span className="sr-only"> on {songTitle}</span>
        </Button>
        {current && (
          <Button variant="ghost" disabled={busy} onClick={() => cleared.mutate()}>
            <X aria-hidden="true" />
            Clear<span className="sr-only"> my answer on {songTitle}</span>
          </Button>
        )}
      </div>
      {editing && (
        <HoldForm
          songTitle={songTitle}
          held={isHold}
          note={isHold ? current.note : null}
          pending={saved.isPending}
          onSubmit={(values) => saved.mutate(values)}
          onCancel={() => setEditing(false)}
        />
      )}
    </section>
  );
}

function HoldForm({
  songTitle,
  held,
  note,
  pending,
  onSubmit,
  onCancel,
}: {
  songTitle: string;
  held: boolean;
  note: string | null;
  pending: boolean;
  onSubmit: (values: SongResponseValues) => void;
  onCancel: () => void;
}) {
  const form = useForm<SongResponseInput, unknown, SongResponseValues>({
    resolver: zodResolver(SongResponseSchema),
    defaultValues: { response: 'hold', note: note ?? '' },
  });
  const length = (form.watch('note') ?? '').length;
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="mt-4 grid gap-3">
      <FormField
        label={
          <>
            Hold for (artist or project)<span className="sr-only">: {songTitle}</span>
          </>
        }
        error={form.formState.errors.note?.message}
        hint={`Optional. ${length} / ${LIMITS.holdNoteMax} characters`}
      >
        <Input autoFocus maxLength={LIMITS.holdNoteMax} {...form.register('note')} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending && <InlineSpinner />}
          {held ? 'Save hold' : 'Put on hold'}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
