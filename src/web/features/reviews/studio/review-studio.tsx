import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageSquarePlus, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { ReviewStatus } from '../../../../common/constants';
import * as MESSAGES from '../../../../common/messages';
import {
  NewReviewNoteSchema,
  ReviewNoteChangeSchema,
  type NewReviewNoteInput,
  type ReviewNoteChangeInput,
} from '../../../../common/schemas/review-notes';
import { AudioPlayer, type PlayerControls, type PlayerMarker } from '../../../components/player/audio-player';
import { formatTime } from '../../../components/player/format-time';
import { ErrorState } from '../../../components/error-state';
import { FactsPanel } from '../../../components/facts/facts-panel';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { InlineSpinner, Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { isApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { addNote, changeNote, deleteNote, studioQuery, type ReviewNote, type ReviewStudio as Studio, type StudioSide } from './studio-api';
import { useDocking } from './use-docking';

const m = MESSAGES.reviewNotes;

/** A note's text cut for a marker's name: enough to tell notes apart. */
const MARKER_TEXT = 60;
const markerLabel = (note: ReviewNote) =>
  `Note at ${formatTime(note.atSeconds)}: ${note.text.length > MARKER_TEXT ? `${note.text.slice(0, MARKER_TEXT).trimEnd()}…` : note.text}`;

/** Where typing must keep its keys: the N shortcut never fires there. */
const isTextEntry = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || target.closest('input, textarea, select, [role="dialog"]') !== null);

export interface ReviewStudioProps {
  side: StudioSide;
  reviewId: string;
  status: ReviewStatus;
  title: string;
  /** The submission's signed audio link; null without audio. */
  audioUrl: string | null;
  /** A fresh link when the one playing has expired (the page reads the review again). */
  refreshAudioUrl: () => Promise<string | null>;
}

/**
 * The submission's player with the reviewer's time-coded notes as markers on its waveform and its sections as
 * bands under it, then the facts measured in its audio (they score nothing). The reviewer adds
 * a note at the playhead (the button, or N with focus outside a text field) and edits or deletes notes until
 * the review is sent; the songwriter sees them once it is.
 */
export function ReviewStudio(props: ReviewStudioProps) {
  const studio = useQuery(studioQuery(props.side, props.reviewId, props.status));
  if (!props.audioUrl) return <p className="text-muted-foreground">No audio file.</p>;
  if (studio.isPending) return <Spinner label="Loading the player…" />;
  if (studio.isError) return <ErrorState title={m.studioLoadFailed} error={studio.error} onRetry={() => void studio.refetch()} />;
  return <StudioView {...props} audioUrl={props.audioUrl} studio={studio.data} />;
}

function StudioView({
  side,
  reviewId,
  status,
  title,
  audioUrl,
  refreshAudioUrl,
  studio,
}: ReviewStudioProps & { audioUrl: string; studio: Studio }) {
  const player = useRef<PlayerControls>(null);
  const [draftAt, setDraftAt] = useState<number | null>(null);
  const editable = side === 'admin' && studio.notesEditable;
  const markers = useMemo<PlayerMarker[]>(
    () => studio.notes.map((note) => ({ id: note.id, seconds: note.atSeconds, label: markerLabel(note) })),
    [studio.notes],
  );

  const startNote = () => setDraftAt(Math.round((player.current?.position() ?? 0) * 1000) / 1000);

  // N adds a note at the playhead, wherever focus is but in a text field (or a dialog).
  const startNoteRef = useRef(startNote);
  useEffect(() => {
    startNoteRef.current = startNote;
  });
  useEffect(() => {
    if (!editable) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'n' && event.key !== 'N') return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.repeat || isTextEntry(event.target)) return;
      event.preventDefault();
      startNoteRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [editable]);

  const audio = studio.audio;
  return (
    <div className="grid gap-3">
      {audio && !audio.waveformSupported && <p className="text-sm text-muted-foreground">{m.waveformUnavailable}</p>}
      {audio && audio.waveformSupported && !audio.peaks && <p className="text-sm text-muted-foreground">{m.waveformMissing}</p>}
      <DockedWhenScrolledPast enabled={side === 'admin'}>
        {(docked) => (
          <>
            <AudioPlayer
              songId={reviewId}
              title={title}
              src={audioUrl}
              peaks={audio?.peaks ?? null}
              durationSeconds={audio?.durationSeconds ?? null}
              markers={markers}
              sections={audio?.facts.sections}
              controlRef={player}
              refreshSrc={refreshAudioUrl}
              compact={docked}
              className={docked ? 'border-0 bg-transparent p-0 shadow-none' : undefined}
            />
            {editable && draftAt === null && (
              <div className="flex flex-wrap items-center gap-3">
                <Button type="button" variant="outline" size={docked ? 'sm' : 'default'} onClick={startNote} aria-keyshortcuts="N">
                  <MessageSquarePlus aria-hidden="true" />
                  Add note at playhead
                </Button>
                <p className={cn('text-sm text-muted-foreground', docked && 'hidden sm:block')}>Or press N while listening.</p>
              </div>
            )}
            {editable && draftAt !== null && (
              <NoteForm reviewId={reviewId} status={status} atSeconds={draftAt} onDone={() => setDraftAt(null)} />
            )}
          </>
        )}
      </DockedWhenScrolledPast>
      {audio?.waveformSupported && (
        <FactsPanel
          facts={audio.facts}
          durationSeconds={audio.durationSeconds}
          audience={side === 'admin' ? 'reviewer' : 'songwriter'}
          headingLevel={4}
        />
      )}
      <NoteList
        side={side}
        reviewId={reviewId}
        status={status}
        notes={studio.notes}
        editable={editable}
        onSeek={(s) => player.current?.seekTo(s)}
      />
    </div>
  );
}

/**
 * The player and "Add note at playhead", docked at the bottom of the screen (above the player bar, if there is
 * one) once they scroll away above it, so the reviewer listens and notes while working through the rubric. The
 * same elements move, so playback, focus and the note being typed go with them.
 */
function DockedWhenScrolledPast({ enabled, children }: { enabled: boolean; children: (docked: boolean) => ReactNode }) {
  const { spotRef, blockRef, spot } = useDocking(enabled);
  const docked = spot !== null;
  return (
    <div ref={spotRef} style={spot ? { height: spot.height } : undefined}>
      <div
        ref={blockRef}
        // Over the studio's column (a phone's whole width), so the sidebar and the other column stay in sight.
        style={spot ? { left: spot.left, width: spot.width } : undefined}
        className={cn(
          docked &&
            'fixed bottom-[var(--player-bar-height,0px)] z-30 rounded-t-lg border border-b-0 border-border bg-card px-3 py-2 shadow-[0_-4px_16px_rgb(0_0_0/0.08)] max-sm:left-0! max-sm:w-full! max-sm:rounded-none max-sm:border-x-0',
        )}
      >
        <div className={cn('grid', docked ? 'gap-2' : 'gap-3')}>{children(docked)}</div>
      </div>
    </div>
  );
}

function useRefreshStudio(side: StudioSide, reviewId: string, status: ReviewStatus) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: studioQuery(side, reviewId, status).queryKey });
}

const failure = (title: string) => (error: unknown) => toast.error(title, { description: isApiError(error) ? error.message : undefined });

/** A new note at the moment the reviewer chose; the text gets focus, so listening goes on while it is typed. */
function NoteForm({
  reviewId,
  status,
  atSeconds,
  onDone,
}: {
  reviewId: string;
  status: ReviewStatus;
  atSeconds: number;
  onDone: () => void;
}) {
  const refresh = useRefreshStudio('admin', reviewId, status);
  const form = useForm<NewReviewNoteInput>({ resolver: zodResolver(NewReviewNoteSchema), defaultValues: { atSeconds, text: '' } });
  const save = useMutation({
    mutationFn: (note: NewReviewNoteInput) => addNote(reviewId, note),
    onSuccess: async () => {
      toast.success(m.noteSaved);
      await refresh();
      onDone();
    },
    onError: failure(m.noteSaveFailed),
  });
  useEffect(() => form.setFocus('text'), [form]);
  return (
    <form noValidate onSubmit={form.handleSubmit((note) => save.mutate(note))} className="grid gap-3 rounded-lg border border-border p-3">
      <FormField label={`Note at ${formatTime(atSeconds)}`} error={form.formState.errors.text?.message}>
        <Textarea rows={2} {...form.register('text')} />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending && <InlineSpinner />}
          Save note
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function NoteList({
  side,
  reviewId,
  status,
  notes,
  editable,
  onSeek,
}: {
  side: StudioSide;
  reviewId: string;
  status: ReviewStatus;
  notes: ReviewNote[];
  editable: boolean;
  onSeek: (seconds: number) => void;
}) {
  if (notes.length === 0) {
    return editable ? (
      <p className="text-sm text-muted-foreground">No notes yet. Play the song and add one where you want to say something.</p>
    ) : null;
  }
  return (
    <section aria-labelledby={`notes-${reviewId}`} className="grid gap-2">
      <h4 id={`notes-${reviewId}`} className="font-sans text-sm font-semibold">
        {side === 'admin' ? 'Your notes' : 'The reviewer’s notes'}
      </h4>
      <ol className="grid gap-2">
        {notes.map((note) => (
          <NoteItem key={note.id} reviewId={reviewId} status={status} note={note} editable={editable} onSeek={onSeek} />
        ))}
      </ol>
    </section>
  );
}

function NoteItem({
  reviewId,
  status,
  note,
  editable,
  onSeek,
}: {
  reviewId: string;
  status: ReviewStatus;
  note: ReviewNote;
  editable: boolean;
  onSeek: (seconds: number) => void;
}) {
  const [editing, setEditing] = useState(false);
  const refresh = useRefreshStudio('admin', reviewId, status);
  const form = useForm<ReviewNoteChangeInput>({ resolver: zodResolver(ReviewNoteChangeSchema), defaultValues: { text: note.text } });
  const save = useMutation({
    mutationFn: (change: ReviewNoteChangeInput) => changeNote(reviewId, note.id, change),
    onSuccess: async () => {
      toast.success(m.noteSaved);
      await refresh();
      setEditing(false);
    },
    onError: failure(m.noteSaveFailed),
  });
  const remove = useMutation({
    mutationFn: () => deleteNote(reviewId, note.id),
    onSuccess: async () => {
      toast.success(m.noteDeleted);
      await refresh();
    },
    onError: failure(m.noteDeleteFailed),
  });
  const time = formatTime(note.atSeconds);

  return (
    <li className="flex gap-3 rounded-lg bg-muted px-3 py-2">
      <button
        type="button"
        onClick={() => onSeek(note.atSeconds)}
        aria-label={`Play from ${time}`}
        className="link shrink-0 self-start font-medium tabular-nums"
      >
        {time}
      </button>
      {editing ? (
        <form noValidate onSubmit={form.handleSubmit((change) => save.mutate(change))} className="grid min-w-0 flex-1 gap-2">
          <FormField label={`Note at ${time}`} error={form.formState.errors.text?.message}>
            <Textarea rows={2} autoFocus {...form.register('text')} />
          </FormField>
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={save.isPending}>
              {save.isPending && <InlineSpinner />}
              Save
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)} disabled={save.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <p className="min-w-0 flex-1 whitespace-pre-wrap break-words">{note.text}</p>
      )}
      {editable && !editing && (
        <div className="flex shrink-0 gap-1 self-start">
          <Button
            type="button"
            size="icon"
            variant="ghost"
            className="size-8"
            aria-label={`Edit the note at ${time}`}
            onClick={() => setEditing(true)}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            type="button"
            size="icon"
            variant="ghost"
            className="size-8"
            aria-label={`Delete the note at ${time}`}
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      )}
    </li>
  );
}
