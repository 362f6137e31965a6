import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import type { z } from 'zod';
import { DEFAULT_PRO_AFFILIATION, PRO_AFFILIATIONS, type ProAffiliation } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { PAGE_PATHS } from '../../../common/routes';
import { SongwriterQuestionnaireSchema, type SongwriterQuestionnaireInput } from '../../../common/schemas/songwriters';
import { PageMeta } from '../../components/page-meta';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { InlineSpinner } from '../../components/ui/spinner';
import { Textarea } from '../../components/ui/textarea';
import { isApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { applyFieldErrors } from '../../lib/form-errors';
import { OnboardingGate, OnboardingShell } from './onboarding-shell';
import { songwriterApi, songwriterKeys, type Onboarding } from './songwriter-api';

const m = MESSAGES.songwriters;
type QuestionnaireOutput = z.output<typeof SongwriterQuestionnaireSchema>;

const FIELDS = [
  'yearsWriting',
  'songsWritten',
  'mostRecentSong',
  'preferredGenre',
  'hasPublished',
  'proAffiliation',
  'howFoundUs',
] as const satisfies readonly (keyof SongwriterQuestionnaireInput)[];

const isProAffiliation = (value: string): value is ProAffiliation => (PRO_AFFILIATIONS as readonly string[]).includes(value);

/** /songwriter-questionnaire: step 3. */
export function SongwriterQuestionnairePage() {
  return (
    <>
      <PageMeta title="Songwriter Questionnaire" description="Step 3 of 4: a few questions about your songwriting." />
      <OnboardingGate page="questionnaire">{(onboarding) => <QuestionnaireForm onboarding={onboarding} />}</OnboardingGate>
    </>
  );
}

function QuestionnaireForm({ onboarding }: { onboarding: Onboarding }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const saved = onboarding.questionnaire;
  const form = useForm<SongwriterQuestionnaireInput, unknown, QuestionnaireOutput>({
    resolver: zodResolver(SongwriterQuestionnaireSchema),
    defaultValues: {
      yearsWriting: saved?.yearsWriting ?? '',
      songsWritten: saved?.songsWritten ?? '',
      mostRecentSong: saved?.mostRecentSong ?? '',
      preferredGenre: saved?.preferredGenre ?? '',
      hasPublished: saved?.hasPublished,
      proAffiliation: saved && isProAffiliation(saved.proAffiliation) ? saved.proAffiliation : DEFAULT_PRO_AFFILIATION,
      howFoundUs: saved?.howFoundUs ?? '',
    },
  });
  const { errors } = form.formState;
  const published = useWatch({ control: form.control, name: 'hasPublished' }) === true;
  // The PRO question is asked only of published writers, so the last question is 7 or 6.
  const lastNumber = published ? 7 : 6;
  const radioErrorId = useId();

  const save = useMutation({
    mutationFn: songwriterApi.saveQuestionnaire,
    onSuccess: async () => {
      // Wait for the new step, so the next page's gate does not send the writer back here.
      await queryClient.invalidateQueries({ queryKey: songwriterKeys.onboarding });
      toast.success(m.questionnaireSaved);
      await navigate(PAGE_PATHS.songwriterOrder);
    },
    onError: (error) => {
      if (applyFieldErrors(form.setError, error, FIELDS)) return;
      toast.error(m.questionnaireFailed, { description: isApiError(error) ? error.message : undefined });
    },
  });

  return (
    <OnboardingShell step={3} title="Songwriter questionnaire" description="Step 3 of 4: tell us about your songwriting.">
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <div className="grid gap-6">
          <FormField label="1. How many years have you been writing songs?" error={errors.yearsWriting?.message}>
            <Input {...form.register('yearsWriting')} />
          </FormField>
          <FormField label="2. About how many songs have you written?" error={errors.songsWritten?.message}>
            <Input {...form.register('songsWritten')} />
          </FormField>
          <FormField label="3. What is the title of your most recent song?" error={errors.mostRecentSong?.message}>
            <Input {...form.register('mostRecentSong')} />
          </FormField>
          <FormField label="4. What is your preferred genre?" error={errors.preferredGenre?.message}>
            <Input {...form.register('preferredGenre')} />
          </FormField>

          <Controller
            control={form.control}
            name="hasPublished"
            render={({ field, fieldState }) => (
              <fieldset className="grid gap-3">
                <legend className="mb-3 text-sm font-medium leading-none">5. Have you had any of your songs published?</legend>
                <div className="flex gap-3">
                  {([true, false] as const).map((value) => (
                    <label
                      key={String(value)}
                      className={cn(
                        'flex min-w-24 cursor-pointer items-center gap-2 rounded-md border bg-card px-4 py-2.5 text-sm font-medium',
                        'has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                        fieldState.error ? 'border-destructive' : 'border-input',
                      )}
                    >
                      <input
                        type="radio"
                        name={field.name}
                        value={value ? 'yes' : 'no'}
                        checked={field.value === value}
                        onChange={() => field.onChange(value)}
                        onBlur={field.onBlur}
                        ref={value ? field.ref : undefined}
                        aria-invalid={fieldState.error ? true : undefined}
                        aria-describedby={fieldState.error ? radioErrorId : undefined}
                        className="size-4 accent-primary focus-visible:outline-none"
                      />
                      {value ? 'Yes' : 'No'}
                    </label>
                  ))}
                </div>
                {fieldState.error && (
                  <p id={radioErrorId} className="text-sm font-medium text-destructive">
                    {fieldState.error.message}
                  </p>
                )}
              </fieldset>
            )}
          />

          {published && (
            <FormField label="6. Which performing rights organisation (PRO) are you with?" error={errors.proAffiliation?.message}>
              <NativeSelect {...form.register('proAffiliation')}>
                {PRO_AFFILIATIONS.map((pro) => (
                  <option key={pro} value={pro}>
                    {pro}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          )}

          <FormField label={`${lastNumber}. How did you hear about us?`} error={errors.howFoundUs?.message}>
            <Textarea rows={3} {...form.register('howFoundUs')} />
          </FormField>

          <Button type="submit" size="lg" disabled={save.isPending} className="w-full">
            {save.isPending && <InlineSpinner />}
            Save and Continue
          </Button>
        </div>
      </form>
    </OnboardingShell>
  );
}
