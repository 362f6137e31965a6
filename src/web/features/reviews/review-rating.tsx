import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { REVIEW_RATINGS, REVIEW_RUBRIC } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import type { ReviewRating as Rating } from '../../../common/responses/reviews';
import { ReviewRatingSchema, type ReviewRatingInput } from '../../../common/schemas/reviews';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { InlineSpinner } from '../../components/ui/spinner';
import { Textarea } from '../../components/ui/textarea';
import { isApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { rateReview, songwriterReviewQuery } from './reviews-api';

const r = MESSAGES.rubric;

/** "How useful was this review?": the songwriter rates a sent review once, 1 to 5, with an optional comment. */
export function ReviewRating({ reviewId, rating }: { reviewId: string; rating: Rating | null }) {
  const queryClient = useQueryClient();
  const errorId = useId();
  const form = useForm<ReviewRatingInput>({ resolver: zodResolver(ReviewRatingSchema), defaultValues: { comment: '' } });
  const rate = useMutation({
    mutationFn: (values: ReviewRatingInput) => rateReview(reviewId, values),
    onSuccess: () => {
      toast.success(r.ratingSaved);
      void queryClient.invalidateQueries({ queryKey: songwriterReviewQuery(reviewId).queryKey });
    },
    onError: (error) => toast.error(r.ratingFailed, { description: isApiError(error) ? error.message : undefined }),
  });

  if (rating) {
    return (
      <div className="grid gap-2">
        <p className="font-semibold">
          You rated this review {rating.rating} of 5
          <span aria-hidden="true" className="ml-2 inline-flex align-middle">
            {REVIEW_RATINGS.map((n) => (
              <Star key={n} className={cn('size-4', n <= rating.rating ? 'fill-primary text-primary' : 'text-muted-foreground')} />
            ))}
          </span>
        </p>
        {rating.comment && <p className="whitespace-pre-wrap break-words text-sm text-muted-foreground">{rating.comment}</p>}
      </div>
    );
  }

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => rate.mutate(values))} className="grid gap-4">
      <Controller
        control={form.control}
        name="rating"
        render={({ field, fieldState }) => (
          <fieldset aria-describedby={fieldState.error ? errorId : undefined}>
            <legend className="mb-2 text-sm font-semibold">{r.ratingQuestion}</legend>
            <div className="flex flex-wrap gap-2">
              {REVIEW_RATINGS.map((n) => (
                <label
                  key={n}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm',
                    'has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                    fieldState.error ? 'border-destructive' : 'border-input',
                  )}
                >
                  <input
                    type="radio"
                    name={field.name}
                    value={n}
                    checked={field.value === n}
                    onChange={() => field.onChange(n)}
                    onBlur={field.onBlur}
                    ref={n === 1 ? field.ref : undefined}
                    aria-invalid={fieldState.error ? true : undefined}
                    className="size-4 accent-primary focus-visible:outline-none"
                  />
                  {n}
                </label>
              ))}
            </div>
            <p className="mt-1 text-xs text-muted-foreground">1 is not useful, 5 is very useful.</p>
            {fieldState.error && (
              <p id={errorId} className="mt-1 text-sm font-medium text-destructive">
                {fieldState.error.message}
              </p>
            )}
          </fieldset>
        )}
      />
      <FormField label="Comment (optional)" error={form.formState.errors.comment?.message}>
        <Textarea rows={3} maxLength={REVIEW_RUBRIC.ratingCommentMax} {...form.register('comment')} />
      </FormField>
      <Button type="submit" disabled={rate.isPending} className="justify-self-start">
        {rate.isPending && <InlineSpinner />}
        Rate this review
      </Button>
    </form>
  );
}
