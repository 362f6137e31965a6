import { useId } from 'react';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import {
  REVIEW_RUBRIC,
  REVIEW_VERDICTS,
  RUBRIC_CATEGORIES,
  RUBRIC_SCORES,
  type ReviewVerdict,
  type RubricCategory,
} from '../../../../common/constants';
import * as MESSAGES from '../../../../common/messages';
import type { RubricScore as SavedScore } from '../../../../common/responses/reviews';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';

const r = MESSAGES.rubric;

/** The review form's values: the text, each category's score and reason, and the verdict. */
export interface ReviewFormValues {
  text: string;
  scores: Record<RubricCategory, { score: number | null; reason: string }>;
  verdict: ReviewVerdict | null;
}

const optionClass = (invalid: boolean) =>
  cn(
    'flex cursor-pointer items-start gap-3 rounded-md border px-3 py-2 text-sm',
    'has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
    invalid ? 'border-destructive' : 'border-input',
  );

/** One category: its five levels, each described where it is chosen, and the reason for the score. */
function CategoryField({
  category,
  control,
  register,
  errors,
  previous,
}: {
  category: RubricCategory;
  control: Control<ReviewFormValues>;
  register: UseFormRegister<ReviewFormValues>;
  errors: FieldErrors<ReviewFormValues>;
  previous?: SavedScore;
}) {
  const errorId = useId();
  const label = r.categories[category];
  const reasonError = errors.scores?.[category]?.reason?.message;
  return (
    <Controller
      control={control}
      name={`scores.${category}.score`}
      render={({ field, fieldState }) => (
        <fieldset className="grid gap-2" aria-describedby={fieldState.error ? errorId : undefined}>
          <legend className="mb-2 text-sm font-semibold">{label}</legend>
          {previous && (
            <p className="rounded-md bg-muted px-3 py-2 text-sm">
              <span className="font-medium">{MESSAGES.rewrites.firstScore(previous.score)}</span>
              {previous.reason && <span className="text-muted-foreground"> · {previous.reason}</span>}
            </p>
          )}
          {RUBRIC_SCORES.map((score) => (
            <label key={score} className={optionClass(Boolean(fieldState.error))}>
              <input
                type="radio"
                name={field.name}
                value={score}
                checked={field.value === score}
                onChange={() => field.onChange(score)}
                onBlur={field.onBlur}
                ref={score === 1 ? field.ref : undefined}
                aria-invalid={fieldState.error ? true : undefined}
                className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-none"
              />
              <span>
                <span className="font-semibold">{score}</span>{' '}
                <span className="text-muted-foreground">{r.levels[category][score - 1]}</span>
              </span>
            </label>
          ))}
          {fieldState.error && (
            <p id={errorId} className="text-sm font-medium text-destructive">
              {fieldState.error.message}
            </p>
          )}
          <FormField label={`Reason for the ${label} score`} error={reasonError}>
            <Input maxLength={REVIEW_RUBRIC.reasonMax} {...register(`scores.${category}.reason`)} />
          </FormField>
        </fieldset>
      )}
    />
  );
}

/**
 * The rubric of the review form: six categories scored 1 to 5 with a reason each, then the verdict. A rewrite's
 * form shows the first version's score and reason at each category.
 */
export function RubricFields({
  control,
  register,
  errors,
  previous,
}: {
  control: Control<ReviewFormValues>;
  register: UseFormRegister<ReviewFormValues>;
  errors: FieldErrors<ReviewFormValues>;
  previous?: SavedScore[];
}) {
  const verdictErrorId = useId();
  return (
    <div className="grid gap-6">
      {RUBRIC_CATEGORIES.map((category) => (
        <CategoryField
          key={category}
          category={category}
          control={control}
          register={register}
          errors={errors}
          previous={previous?.find((score) => score.category === category)}
        />
      ))}
      <Controller
        control={control}
        name="verdict"
        render={({ field, fieldState }) => (
          <fieldset className="grid gap-2" aria-describedby={fieldState.error ? verdictErrorId : undefined}>
            <legend className="mb-2 text-sm font-semibold">Verdict</legend>
            {REVIEW_VERDICTS.map((verdict) => (
              <label key={verdict} className={optionClass(Boolean(fieldState.error))}>
                <input
                  type="radio"
                  name={field.name}
                  value={verdict}
                  checked={field.value === verdict}
                  onChange={() => field.onChange(verdict)}
                  onBlur={field.onBlur}
                  ref={verdict === REVIEW_VERDICTS[0] ? field.ref : undefined}
                  aria-invalid={fieldState.error ? true : undefined}
                  className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-none"
                />
                {r.verdicts[verdict]}
              </label>
            ))}
            {fieldState.error && (
              <p id={verdictErrorId} className="text-sm font-medium text-destructive">
                {fieldState.error.message}
              </p>
            )}
          </fieldset>
        )}
      />
    </div>
  );
}
