import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, Mail, Send } from 'lucide-react';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import * as MESSAGES from '../../../common/messages';
import type { PitchPage } from '../../../common/responses';
import { PitchReplySchema, type PitchReplyInput } from '../../../common/schemas/pitching';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { InlineSpinner } from '../../components/ui/spinner';
import { Textarea } from '../../components/ui/textarea';
import { isApiError } from '../../lib/api';
import { sendPitchReply } from './pitching-api';

const m = MESSAGES.pitching;
const EMPTY: PitchReplyInput = { message: '' };

/** Who sent the link: the admin's name, company and address, so the recipient knows whom the songs are from. */
export function PitchSender({ sender }: { sender: PitchPage['sender'] }) {
  return (
    <p className="mt-3 flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
      <span>
        Sent by <strong className="font-semibold text-foreground">{sender.name}</strong>
        {sender.company && sender.name !== sender.company && <>, {sender.company}</>}
      </span>
      <a href={`mailto:${sender.email}`} className="link inline-flex items-center gap-1 break-all">
        <Mail aria-hidden="true" className="size-3.5 shrink-0" />
        {sender.email}
      </a>
    </p>
  );
}

/**
 * The recipient's message back to the sender, checked with the schema the server uses. On success the form
 * gives way to a confirmation; a failure keeps what was written and says why.
 */
export function PitchReplyForm({ token, sender }: { token: string; sender: PitchPage['sender'] }) {
  const form = useForm<PitchReplyInput>({ resolver: zodResolver(PitchReplySchema), defaultValues: EMPTY });
  const confirmation = useRef<HTMLDivElement>(null);
  const send = useMutation({
    mutationFn: (values: PitchReplyInput) => sendPitchReply(token, values),
    onSuccess: () => {
      form.reset(EMPTY);
      // After the form gives way, so keyboard and screen reader users land on the confirmation.
      requestAnimationFrame(() => confirmation.current?.focus());
    },
    onError: (error) => {
      const fieldMessage = isApiError(error) ? error.fields?.message?.[0] : undefined;
      if (fieldMessage) form.setError('message', { message: fieldMessage });
    },
  });
  const errors = form.formState.errors;

  return (
    <section aria-labelledby="pitch-reply-title" className="mt-12 rounded-xl border border-border bg-card p-5 shadow-sm sm:p-6">
      <h2 id="pitch-reply-title" className="text-2xl font-bold">
        {m.replyHeading(sender.name)}
      </h2>
      <p className="mt-1 text-muted-foreground">
        A question, a thought on a song, who it might suit: your message goes straight to {sender.email}.
      </p>
      {send.isSuccess ? (
        <div ref={confirmation} tabIndex={-1} className="mt-5 focus:outline-none">
          <Alert variant="success" role="status" className="flex items-start gap-2">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {m.replySent(sender.name)}
          </Alert>
          <Button variant="outline" className="mt-4" onClick={() => send.reset()}>
            Write another message
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={form.handleSubmit((values) => send.mutate(values))} className="mt-5 grid gap-4">
          <FormField label="Your message" required error={errors.message?.message}>
            <Textarea rows={5} {...form.register('message')} />
          </FormField>
          {send.isError && !errors.message && (
            <Alert variant="destructive" role="alert">
              {m.replyFailed}
              {isApiError(send.error) ? `: ${send.error.message}` : '.'}
            </Alert>
          )}
          <Button type="submit" disabled={send.isPending} className="justify-self-start">
            {send.isPending ? <InlineSpinner /> : <Send aria-hidden="true" />}
            Send message
          </Button>
        </form>
      )}
    </section>
  );
}
