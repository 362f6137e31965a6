import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageSquare, Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import type { CatalogueSong, SongComment } from '../../../common/responses';
import { LIMITS } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { CommentSchema, type CommentInput } from '../../../common/schemas/songs';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { InlineSpinner } from '../../components/ui/spinner';
import { Textarea } from '../../components/ui/textarea';
import { isApiError } from '../../lib/api';
import { useMe } from '../../lib/auth';
import { formatDate } from '../../lib/format';
import { postComment, songQuery } from './catalogue-api';

const FIELDS = ['name', 'email', 'comment'] as const;

/**
 * Approved comments and the listener's own awaiting approval, newest first (the API's order), and the form to
 * add one.
 */
export function SongComments({ slug, comments }: { slug: string; comments: SongComment[] }) {
  return (
    <section aria-labelledby="comments-heading">
      <h2 id="comments-heading" className="text-2xl font-bold">
        Comments{comments.length > 0 ? ` (${comments.length})` : ''}
      </h2>
      {comments.length === 0 ? (
        <p className="mt-4 flex items-center gap-2 text-muted-foreground">
          <MessageSquare aria-hidden="true" className="size-4" />
          {MESSAGES.songs.noComments}
        </p>
      ) : (
        <ul className="mt-4 grid gap-3">
          {comments.map((comment) => (
            <li key={comment.id} className="rounded-xl border border-border bg-card p-4 shadow-sm">
              <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <span className="flex items-center gap-2">
                  <span className="font-semibold">{comment.name}</span>
                  {comment.awaitingApproval && <Badge variant="outline">{MESSAGES.songs.commentAwaitingApproval}</Badge>}
                </span>
                <time dateTime={comment.createdAt} className="text-sm text-muted-foreground">
                  {formatDate(comment.createdAt)}
                </time>
              </p>
              <p className="mt-2 whitespace-pre-wrap break-words leading-6">{comment.text}</p>
            </li>
          ))}
        </ul>
      )}
      <CommentForm slug={slug} />
    </section>
  );
}

function CommentForm({ slug }: { slug: string }) {
  const { data: me } = useMe();
  // Pre-filled from the account and editable (a publisher may comment for a colleague).
  const prefilled: CommentInput = { name: me?.user?.name ?? '', email: me?.user?.email ?? '', comment: '' };
  const form = useForm<CommentInput>({ resolver: zodResolver(CommentSchema), defaultValues: prefilled });
  const { errors } = form.formState;
  const length = form.watch('comment').length;

  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (values: CommentInput) => postComment(slug, values),
    onSuccess: (posted, values) => {
      // Shown at once, marked as awaiting approval. Written into the page's data rather than refetched: a
      // refetch brings new media links and would interrupt the song playing.
      const comment: SongComment = {
        id: posted.id,
        name: MESSAGES.settings.ownComment,
        text: values.comment,
        createdAt: new Date().toISOString(),
        awaitingApproval: !posted.isApproved,
      };
      queryClient.setQueryData(songQuery(slug).queryKey, (song: CatalogueSong | undefined) =>
        song ? { ...song, comments: [comment, ...song.comments] } : song,
      );
      toast.success(MESSAGES.songs.commentSubmitted);
      form.reset(prefilled);
    },
    onError: (error) => {
      if (isApiError(error) && error.fields) {
        for (const field of FIELDS) {
          const message = error.fields[field]?.[0];
          if (message) form.setError(field, { message });
        }
      }
      toast.error(MESSAGES.songs.commentFailedTitle, { description: MESSAGES.songs.commentFailed });
    },
  });

  return (
    <div className="mt-8 rounded-xl border border-border bg-card p-6 shadow-sm">
      <h3 className="text-xl font-semibold">Leave a comment</h3>
      <p className="mt-1 text-sm text-muted-foreground">Comments appear here once our team has approved them.</p>
      <form noValidate onSubmit={form.handleSubmit((values) => send.mutate(values))} className="mt-5 grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="Name" error={errors.name?.message}>
            <Input autoComplete="name" maxLength={LIMITS.nameMax} {...form.register('name')} />
          </FormField>
          <FormField label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="email" maxLength={LIMITS.emailMax} {...form.register('email')} />
          </FormField>
        </div>
        <FormField label="Comment" error={errors.comment?.message} hint={`${length} / ${LIMITS.commentMax} characters`}>
          <Textarea rows={5} maxLength={LIMITS.commentMax} {...form.register('comment')} />
        </FormField>
        <Button type="submit" disabled={send.isPending} className="justify-self-start">
          {send.isPending ? <InlineSpinner /> : <Send aria-hidden="true" />}
          Submit Comment
        </Button>
      </form>
    </div>
  );
}
