import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Save, Send } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { RUBRIC_CATEGORIES, type RubricCategory } from '../../../../common/constants';
import * as MESSAGES from '../../../../common/messages';
import { ReviewDraftSchema, ReviewSendSchema } from '../../../../common/schemas/reviews';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { InlineSpinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { isApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { adminReviewQuery, invalidateReviewLists, saveReviewDraft, sendReview, type AdminReview } from './admin-reviews-api';
import { RubricFields, type ReviewFormValues } from './rubric-fields';

const m = MESSAGES.reviews;

const draftResolver = zodResolver(ReviewDraftSchema) as unknown as Resolver<ReviewFormValues>;
const sendResolver = zodResolver(ReviewSendSchema) as unknown as Resolver<ReviewFormValues>;

function defaultValues(review: AdminReview): ReviewFormValues {
  const saved = new Map(review.scores.map((s) => [s.category, s]));
  return {
    text: review.adminReview ?? '',
    scores: Object.fromEntries(
      RUBRIC_CATEGORIES.map((category) => [
        category,
        { score: saved.get(category)?.score ?? null, reason: saved.get(category)?.reason ?? '' },
      ]),
    ) as Record<RubricCategory, { score: number | null; reason: string }>,
    verdict: review.verdict,
  };
}

/**
 * The written review, its rubric and verdict: 'Save draft' keeps what is done so far (the songwriter sees
 * nothing), 'Send review' needs every score with its reason and the verdict (ReviewSendSchema), asks first,
 * then publishes it and e-mails the songwriter.
 */
export function ReviewEditor({ review, songwriterName }: { review: AdminReview; songwriterName: string }) {
  const queryClient = useQueryClient();
  const [toSend, setToSend] = useState<ReviewFormValues | null>(null);
  // The draft and the sent review are checked by their own schema: the same form, two rules.
  const sending = useRef(false);
  const form = useForm<ReviewFormValues>({
    resolver: (values, context, options) => (sending.current ? sendResolver : draftResolver)(values, context, options),
    defaultValues: defaultValues(review),
  });
  const errors = form.formState.errors;
  const sent = review.status === 'reviewed';

  const refresh = () =>
    Promise.all([invalidateReviewLists(queryClient), queryClient.invalidateQueries({ queryKey: adminReviewQuery(review.id).queryKey })]);

  const save = useMutation({
    mutationFn: (values: ReviewFormValues) => saveReviewDraft(review.id, values),
    onSuccess: () => {
      toast.success(m.draftSaved);
      void refresh();
    },
    onError: (error) => toast.error(m.draftFailed, { description: isApiError(error) ? error.message : undefined }),
  });

  const send = useMutation({
    mutationFn: (values: ReviewFormValues) => sendReview(review.id, values),
    onSuccess: () => {
      toast.success(m.reviewSent);
      setToSend(null);
      void refresh();
    },
    onError: (error) => toast.error(m.sendFailed, { description: isApiError(error) ? error.message : undefined }),
  });

  const busy = save.isPending || send.isPending;

  // A rewrite is written by the reviewer of its first version (the server refuses anyone else).
  if (!review.mayWrite && review.reviewer) {
    return (
      <Alert role="status">
        <p>{MESSAGES.rewrites.notYours(review.reviewer.email)}</p>
      </Alert>
    );
  }

  return (
    <>
      <form
        noValidate
        onSubmit={(event) => {
          sending.current = true;
          void form.handleSubmit((values) => setToSend(values))(event);
        }}
        className="grid gap-6"
      >
        <FormField
          label="Review"
          hint={
            sent
              ? `Sent${review.reviewedAt ? ` ${formatDate(review.reviewedAt)}` : ''}. Sending again replaces what the songwriter reads and emails them again.`
              : review.status === 'in_review'
                ? 'A draft is saved. The songwriter sees nothing until you send the review.'
                : 'The songwriter sees nothing until you send the review.'
          }
          error={errors.text?.message}
        >
          <Textarea rows={12} {...form.register('text')} />
        </FormField>
        <RubricFields control={form.control} register={form.register} errors={errors} previous={review.firstRound?.scores} />
        <div className="flex flex-col gap-2 sm:flex-row">
          {!sent && (
            <Button
              type="button"
              variant="outline"
              disabled={busy}
              onClick={(event) => {
                sending.current = false;
                void form.handleSubmit((values) => save.mutate(values))(event);
              }}
            >
              {save.isPending ? <InlineSpinner /> : <Save aria-hidden="true" />}
              Save draft
            </Button>
          )}
          <Button type="submit" disabled={busy}>
            <Send aria-hidden="true" />
            {sent ? 'Send updated review' : 'Send review'}
          </Button>
        </div>
      </form>

      <Dialog open={toSend !== null} onOpenChange={(open) => !open && !send.isPending && setToSend(null)}>
        <DialogContent role="alertdialog" className="max-w-md">
          <DialogTitle className="pr-8 font-display text-xl font-semibold">
            {sent ? 'Send the updated review?' : 'Send this review?'}
          </DialogTitle>
          <DialogDescription className="mt-3 text-sm leading-6 text-muted-foreground">
            {songwriterName} is emailed and can read it at once on their review page.
          </DialogDescription>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" autoFocus disabled={send.isPending} onClick={() => setToSend(null)}>
              Cancel
            </Button>
            <Button disabled={send.isPending} onClick={() => toSend !== null && send.mutate(toSend)}>
              {send.isPending ? <InlineSpinner /> : <Send aria-hidden="true" />}
              Send review
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
