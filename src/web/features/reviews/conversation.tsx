import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import type { z } from 'zod';
import * as MESSAGES from '../../../common/messages';
import { MessageSchema } from '../../../common/schemas/reviews';
import { isApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { InlineSpinner } from '../../components/ui/spinner';
import { Textarea } from '../../components/ui/textarea';

/** A message of a review's conversation, as GET /api/reviews/:id and GET /api/admin/reviews/:id return it. */
export interface ConversationMessage {
  id: string;
  fromSongwriter: boolean;
  /** Sent by the person looking at the page. */
  mine: boolean;
  senderName: string;
  message: string;
  read: boolean;
  createdAt: string;
}

type MessageInput = z.input<typeof MessageSchema>;

/**
 * The songwriter and the reviewer's messages about one review, oldest first, each under its sender's
 * name; the viewer's own on the right. Below, the reply box (MessageSchema: a reply cannot be empty).
 */
export function Conversation({
  messages,
  onSend,
  replyLabel,
  emptyText,
}: {
  messages: ConversationMessage[];
  /** Sends the reply; resolves once the server has it (the caller refreshes the conversation). */
  onSend: (message: string) => Promise<unknown>;
  replyLabel: string;
  emptyText: string;
}) {
  return (
    <div className="grid gap-6">
      {messages.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <ol aria-label="Messages" aria-live="polite" aria-relevant="additions" className="grid gap-3">
          {messages.map((message) => (
            <li
              key={message.id}
              className={cn(
                'grid max-w-[90%] gap-1 rounded-xl border px-4 py-3 sm:max-w-[80%]',
                message.mine ? 'ml-auto border-primary/20 bg-primary/5' : 'mr-auto border-border bg-card',
              )}
            >
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <span className="font-semibold">
                  {message.senderName}
                  {message.mine && <span className="font-normal text-muted-foreground"> (you)</span>}
                </span>
                <time dateTime={message.createdAt} className="text-xs text-muted-foreground">
                  {formatDateTime(message.createdAt)}
                </time>
              </p>
              <p className="whitespace-pre-wrap break-words leading-6">{message.message}</p>
            </li>
          ))}
        </ol>
      )}
      <ReplyForm onSend={onSend} label={replyLabel} />
    </div>
  );
}

function ReplyForm({ onSend, label }: { onSend: (message: string) => Promise<unknown>; label: string }) {
  const form = useForm<MessageInput>({ resolver: zodResolver(MessageSchema), defaultValues: { message: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async ({ message }: MessageInput) => {
    try {
      await onSend(message.trim());
    } catch (error) {
      toast.error(MESSAGES.reviews.replyFailed, { description: isApiError(error) ? error.message : undefined });
      return;
    }
    form.reset({ message: '' });
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-3">
      <FormField label={label} error={errors.message?.message}>
        <Textarea rows={4} {...form.register('message')} />
      </FormField>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <InlineSpinner /> : <Send aria-hidden="true" />}
          Send reply
        </Button>
      </div>
    </form>
  );
}
