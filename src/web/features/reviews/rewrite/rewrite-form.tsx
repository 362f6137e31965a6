import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileAudio, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useController, useForm, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { REWRITE } from '../../../../common/constants';
import * as MESSAGES from '../../../../common/messages';
import { PAGE_PATHS, pathTo } from '../../../../common/routes';
import { lyricsChanged, RewriteSchema } from '../../../../common/schemas/rewrites';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { FileDropZone } from '../../../components/ui/file-drop-zone';
import { FormField } from '../../../components/ui/form-field';
import { Progress } from '../../../components/ui/progress';
import { InlineSpinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { isApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { SONGWRITER_REVIEWS_KEY } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { AUDIO_ACCEPT, audioProblem } from '../../submissions';
import { songwriterReviewQuery } from '../reviews-api';
import { sendRewrite } from './rewrite-api';

const m = MESSAGES.rewrites;

const fileOrNull = z.custom<File | null>((value) => value === null || value instanceof File);

/** The shared RewriteSchema, and the new recording the server checks by content (here by name and size first). */
const RewriteFormSchema = z.extend(RewriteSchema, { audio: fileOrNull }).check(
  z.superRefine((values, ctx) => {
    const problem = values.audio ? audioProblem(values.audio) : null;
    if (problem) ctx.addIssue({ code: 'custom', path: ['audio'], message: problem });
  }),
);
type RewriteFormValues = z.input<typeof RewriteFormSchema>;

/**
 * "Send your rewrite": a new recording, the lyrics as they are now (the first version's to start from) and a
 * note on what changed. Needs new audio or changed lyrics, as the server does; asks before sending, as the
 * rewrite can be sent once; then opens the rewrite's own page.
 */
export function RewriteForm({ reviewId, firstLyrics, until }: { reviewId: string; firstLyrics: string | null; until: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [toSend, setToSend] = useState<RewriteFormValues | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm<RewriteFormValues>({
    resolver: zodResolver(RewriteFormSchema),
    defaultValues: { note: '', lyricsText: firstLyrics ?? '', audio: null },
  });
  const errors = form.formState.errors;

  const send = useMutation({
    mutationFn: ({ audio, ...data }: RewriteFormValues) =>
      sendRewrite(reviewId, data, audio ?? null, { onProgress: (fraction) => setProgress(fraction * 100) }),
    onSuccess: async (rewrite) => {
      toast.success(m.sent);
      setToSend(null);
      queryClient.removeQueries({ queryKey: SONGWRITER_REVIEWS_KEY });
      await queryClient.invalidateQueries({ queryKey: songwriterReviewQuery(reviewId).queryKey });
      void navigate(pathTo(PAGE_PATHS.songwriterReview, { reviewId: rewrite.id }));
    },
    onError: (error) => {
      setToSend(null);
      toast.error(m.sendFailed, { description: isApiError(error) ? error.message : undefined });
    },
    onSettled: () => setProgress(null),
  });

  return (
    <>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => {
          if (!values.audio && !lyricsChanged(firstLyrics, values.lyricsText ?? null)) {
            form.setError('root', { message: m.nothingChanged });
            return;
          }
          setToSend(values);
        })}
        className="grid gap-5"
      >
        <p className="text-sm text-muted-foreground">
          {m.offerBody} {m.offerUntil(formatDate(until))}
        </p>
        <RecordingZone form={form} />
        <FormField
          label="Lyrics"
          hint={
            firstLyrics
              ? 'Your first lyrics, to edit into the new ones. Leave them as they are to keep them.'
              : 'Your first lyrics came as a file or not at all. Type the new lyrics here to send them with the rewrite.'
          }
          error={errors.lyricsText?.message}
        >
          <Textarea
            rows={10}
            maxLength={REWRITE.lyricsMax}
            {...form.register('lyricsText', { onChange: () => form.clearErrors('root') })}
          />
        </FormField>
        <FormField label="What you changed" hint="A line or two for the reviewer." required error={errors.note?.message}>
          <Textarea rows={3} maxLength={REWRITE.noteMax} {...form.register('note')} />
        </FormField>
        {errors.root?.message && (
          <Alert variant="destructive" role="alert">
            {errors.root.message}
          </Alert>
        )}
        {progress !== null && <Progress value={progress} label="Uploading your rewrite" />}
        <Button type="submit" disabled={send.isPending} className="justify-self-start">
          {send.isPending ? <InlineSpinner /> : <Send aria-hidden="true" />}
          Send rewrite
        </Button>
      </form>

      <ConfirmRewriteDialog
        open={toSend !== null}
        pending={send.isPending}
        onCancel={() => setToSend(null)}
        onConfirm={() => toSend !== null && send.mutate(toSend)}
      />
    </>
  );
}

/**
 * The new recording as a drop zone, as on the submit page (decision 0061): dropped, clicked or chosen from the
 * keyboard, named with its size; a file of the wrong kind or size is refused at once with the server's message.
 */
function RecordingZone({ form }: { form: UseFormReturn<RewriteFormValues> }) {
  const { field, fieldState } = useController({ control: form.control, name: 'audio' });
  const input = useRef<HTMLInputElement>(null);
  const { ref: register } = field;
  // The form's errors focus the zone's input.
  useEffect(() => register({ focus: () => input.current?.focus() }), [register]);
  const file = field.value;

  return (
    <FileDropZone
      label="New recording (optional)"
      what="new recording"
      hint="MP3, WAV or M4A, up to 100 MB. Leave it empty to keep your first recording."
      accept={AUDIO_ACCEPT}
      icon={FileAudio}
      error={fieldState.error?.message}
      chosen={file ? { name: file.name, size: file.size } : null}
      inputRef={input}
      onFile={(chosen) => {
        form.clearErrors('root');
        field.onChange(chosen);
        const refused = audioProblem(chosen);
        if (refused) form.setError('audio', { message: refused });
        else form.clearErrors('audio');
      }}
      onRemove={() => {
        field.onChange(null);
        form.clearErrors('audio');
        input.current?.focus();
      }}
    />
  );
}

/** Asks before sending: a song gets one rewrite round. */
function ConfirmRewriteDialog({
  open,
  pending,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && onCancel()}>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogTitle className="pr-8 font-display text-xl font-semibold">Send this rewrite?</DialogTitle>
        <DialogDescription className="mt-3 text-sm leading-6 text-muted-foreground">
          Each song gets one free rewrite round. The reviewer of your first version reviews it and you are emailed when it is ready.
        </DialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" autoFocus disabled={pending} onClick={onCancel}>
            Not yet
          </Button>
          <Button disabled={pending} onClick={onConfirm}>
            {pending ? <InlineSpinner /> : <Send aria-hidden="true" />}
            Send rewrite
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
