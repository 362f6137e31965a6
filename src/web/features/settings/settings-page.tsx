import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { useState } from 'react';
import { COMMENTER_DISPLAYS, REVIEW_DUE_BUSINESS_DAYS, SITE_SETTINGS } from '../../../common/constants';
import { dollarsToCents } from '../../../common/schemas/placements';
import * as MESSAGES from '../../../common/messages';
import type { SiteSettingsResponse } from '../../../common/responses';
import { SiteSettingsSchema, type SiteSettingsInput, type SiteSettingsValues } from '../../../common/schemas/settings';
import { PageMeta } from '../../components/page-meta';
import { QueryState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { InlineSpinner } from '../../components/ui/spinner';
import { Textarea } from '../../components/ui/textarea';
import { isApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { saveSettings, SETTINGS_KEY, settingsQuery } from './settings-api';

const m = MESSAGES.settings;
const FIELDS = [
  'companyLegalName',
  'companyAddress',
  'contactEmail',
  'governingLaw',
  'commenterDisplay',
  'fastReviewPriceCents',
  'fastReviewBusinessDays',
] as const;

/** /admin/settings: who the company is in its agreements, and how comments name their writers. */
export function SettingsPage() {
  const query = useQuery(settingsQuery());
  return (
    <div className="max-w-3xl">
      <PageMeta
        title="Settings"
        description="The company as the pitch agreement names it, and how commenters are shown to other listeners."
      />
      <h1 className="text-3xl font-bold">Settings</h1>
      <p className="mt-1 text-muted-foreground">
        The company as new pitch agreements name it, and how comments name their writers. Agreements already offered keep the text they were
        offered with.
      </p>
      <QueryState query={query} errorTitle={m.loadFailed}>
        {(settings) => <SettingsForm settings={settings} />}
      </QueryState>
    </div>
  );
}

const valuesOf = ({ updatedAt: _, ...values }: SiteSettingsResponse): SiteSettingsValues => values;

const optionClass = (invalid: boolean) =>
  cn(
    'flex cursor-pointer items-start gap-3 rounded-md border px-3 py-2 text-sm',
    'has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
    invalid ? 'border-destructive' : 'border-input',
  );

function SettingsForm({ settings }: { settings: SiteSettingsResponse }) {
  const queryClient = useQueryClient();
  const form = useForm<SiteSettingsInput, unknown, SiteSettingsValues>({
    resolver: zodResolver(SiteSettingsSchema),
    defaultValues: valuesOf(settings),
  });
  const { errors, isDirty } = form.formState;

  const save = useMutation({
    mutationFn: saveSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(SETTINGS_KEY, saved);
      form.reset(valuesOf(saved));
      toast.success(m.saved);
    },
    // What was typed stays in the form; the server's message goes on its field.
    onError: (error) => {
      if (isApiError(error) && error.fields) {
        for (const field of FIELDS) {
          const message = error.fields[field]?.[0];
          if (message) form.setError(field, { message });
        }
      }
      toast.error(m.saveFailedTitle, { description: isApiError(error) ? error.message : MESSAGES.generic.unexpected });
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="mt-6 grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>The company</CardTitle>
          <CardDescription>Named as a party in every new pitch agreement, with the law that governs it.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <FormField label="Legal name" required error={errors.companyLegalName?.message}>
            <Input autoComplete="organization" maxLength={SITE_SETTINGS.legalNameMax} {...form.register('companyLegalName')} />
          </FormField>
          <FormField label="Address" required error={errors.companyAddress?.message}>
            <Textarea rows={3} autoComplete="street-address" maxLength={SITE_SETTINGS.addressMax} {...form.register('companyAddress')} />
          </FormField>
          <FormField label="Contact email" required hint="Where notices under the agreement go." error={errors.contactEmail?.message}>
            <Input type="email" autoComplete="email" spellCheck={false} {...form.register('contactEmail')} />
          </FormField>
          <FormField
            label="Governing law"
            required
            hint="Completes “This agreement is governed by the laws of …”."
            error={errors.governingLaw?.message}
          >
            <Input maxLength={SITE_SETTINGS.governingLawMax} {...form.register('governingLaw')} />
          </FormField>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Comments</CardTitle>
          <CardDescription>
            How an approved comment names its writer to other listeners. Writers see “You” on their own; admins always see who wrote it.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Controller
            control={form.control}
            name="commenterDisplay"
            render={({ field, fieldState }) => (
              <fieldset className="grid gap-2" aria-describedby={fieldState.error ? 'commenter-display-error' : undefined}>
                <legend className="mb-2 text-sm font-semibold">Show commenters as</legend>
                {COMMENTER_DISPLAYS.map((display) => (
                  <label key={display} className={optionClass(Boolean(fieldState.error))}>
                    <input
                      type="radio"
                      name={field.name}
                      value={display}
                      checked={field.value === display}
                      onChange={() => field.onChange(display)}
                      onBlur={field.onBlur}
                      ref={display === COMMENTER_DISPLAYS[0] ? field.ref : undefined}
                      className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-none"
                    />
                    <span>
                      <span className="font-medium">{m.commenterDisplayLabels[display]}</span>
                      <span className="block text-muted-foreground">{m.commenterDisplayHints[display]}</span>
                    </span>
                  </label>
                ))}
                {fieldState.error && (
                  <p id="commenter-display-error" className="text-sm font-medium text-destructive">
                    {fieldState.error.message}
                  </p>
                )}
              </fieldset>
            )}
          />
        </CardContent>
      </Card>

      <FastReviewCard form={form} />

      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={save.isPending || !isDirty}>
          {save.isPending ? <InlineSpinner /> : <Save aria-hidden="true" />}
          Save settings
        </Button>
        <p className="text-sm text-muted-foreground">
          {settings.updatedAt ? `Last saved ${formatDateTime(settings.updatedAt)}.` : 'Not saved yet: the defaults are in force.'}
        </p>
      </div>
    </form>
  );
}

/** The faster review's price a song and turnaround (decision 0095): both set, or both blank for none. */
function FastReviewCard({ form }: { form: UseFormReturn<SiteSettingsInput, unknown, SiteSettingsValues> }) {
  const { errors } = form.formState;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Faster review</CardTitle>
        <CardDescription>
          A review due sooner, for a higher price a song, offered beside the standard one ({REVIEW_DUE_BUSINESS_DAYS} business days). Leave
          both blank to turn it off. Orders already paid keep the price and turnaround they were bought with.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="fastReviewPriceCents"
          render={({ field, fieldState }) => (
            <FormField label="Price a song (dollars)" hint="For example 50 or 49.50." error={fieldState.error?.message}>
              <DollarsInput cents={field.value ?? null} onChange={field.onChange} onBlur={field.onBlur} name={field.name} />
            </FormField>
          )}
        />
        <FormField
          label="Turnaround (business days)"
          hint="Weekdays, US federal holidays skipped."
          error={errors.fastReviewBusinessDays?.message}
        >
          <Input
            inputMode="numeric"
            {...form.register('fastReviewBusinessDays', { setValueAs: (v: unknown) => (v === '' || v === null ? null : Number(v)) })}
          />
        </FormField>
      </CardContent>
    </Card>
  );
}

/**
 * Dollars typed, cents given to the form: blank is null (not offered); text that is not an amount is NaN, which the
 * shared schema refuses with its message.
 */
function DollarsInput({
  cents,
  onChange,
  ...rest
}: Omit<React.ComponentProps<typeof Input>, 'onChange' | 'value'> & {
  cents: number | null;
  onChange: (cents: number | null) => void;
}) {
  const [text, setText] = useState(cents === null || Number.isNaN(cents) ? '' : (cents / 100).toFixed(2));
  return (
    <Input
      {...rest}
      inputMode="decimal"
      value={text}
      onChange={(event) => {
        const typed = event.target.value;
        setText(typed);
        onChange(typed.trim() === '' ? null : (dollarsToCents(typed) ?? Number.NaN));
      }}
    />
  );
}
