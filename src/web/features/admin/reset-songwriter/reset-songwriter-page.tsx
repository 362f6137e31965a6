import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RotateCcw, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import * as MESSAGES from '../../../../common/messages';
import { ResetSongwriterSchema } from '../../../../common/schemas/admin-ops';
import { PageMeta } from '../../../components/page-meta';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { InlineSpinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api';
import { ResetResult } from './reset-result';
import type { ResetSongwriterPreview } from '../../../../common/responses/admin';
import {
  checkSongwriterReset,
  invalidateAfterReset,
  resetSongwriter,
  type ResetDone,
  type ResetSongwriterInput,
} from './reset-songwriter-api';

const m = MESSAGES.admin;

/**
 * /admin/reset-songwriter: wipes a songwriter's data by e-mail. The address is checked first, so a mistyped or
 * wrong one is said on the field, and the confirmation names the person and what would go.
 */
export function ResetSongwriterPage() {
  const queryClient = useQueryClient();
  const form = useForm<ResetSongwriterInput>({ resolver: zodResolver(ResetSongwriterSchema), defaultValues: { email: '' } });
  const { errors } = form.formState;
  const [confirming, setConfirming] = useState<ResetSongwriterPreview | null>(null);
  const [result, setResult] = useState<ResetDone | null>(null);

  const reset = useMutation({
    mutationFn: (email: string) => resetSongwriter({ email }),
    onSuccess: (reply) => {
      setConfirming(null);
      if (!reply.deleted) {
        toast.info(reply.message, { description: reply.email });
        return;
      }
      toast.success(m.resetDone, { description: reply.email });
      setResult(reply);
      form.reset({ email: '' });
      void invalidateAfterReset(queryClient);
    },
    onError: (error) => {
      setConfirming(null);
      const message = isApiError(error) ? error.message : MESSAGES.generic.unexpected;
      const fieldMessage = isApiError(error) ? error.fields?.email?.[0] : undefined;
      if (fieldMessage) form.setError('email', { message: fieldMessage });
      // An admin's address: the field is what needs changing.
      else if (isApiError(error) && error.status === 403) form.setError('email', { message });
      toast.error(m.resetFailed, { description: message });
    },
  });

  const check = useMutation({
    mutationFn: checkSongwriterReset,
    onSuccess: (preview) => setConfirming(preview),
    onError: (error) => {
      const message = isApiError(error) ? (error.fields?.email?.[0] ?? error.message) : MESSAGES.generic.unexpected;
      form.setError('email', { message }, { shouldFocus: true });
    },
  });

  // The schema trims: check (and send) the address as it will be matched.
  const onSubmit = form.handleSubmit((values) => check.mutate(ResetSongwriterSchema.parse(values).email));
  const busy = check.isPending || reset.isPending;

  return (
    <div className="max-w-3xl">
      <PageMeta
        title="Reset Songwriter"
        description="Wipe a songwriter's reviews, messages, profile, questionnaire and songwriter role by email address."
      />
      <h1 className="text-3xl font-bold">Reset Songwriter</h1>
      <p className="mt-1 text-muted-foreground">
        Start a songwriter over: their reviews, review messages, uploaded files, profile, questionnaire and songwriter role are deleted and
        their orders are unlinked. The account itself stays, with any preview access. Admin accounts cannot be reset.
      </p>

      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Songwriter to reset</CardTitle>
          <CardDescription className="flex items-start gap-2">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
            This cannot be undone. You will be asked to confirm.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={onSubmit} className="grid gap-5">
            <FormField label="Email" error={errors.email?.message}>
              <Input type="email" autoComplete="off" spellCheck={false} readOnly={busy} {...form.register('email')} />
            </FormField>
            <Button type="submit" variant="destructive" className="justify-self-start" disabled={busy}>
              {check.isPending ? <InlineSpinner /> : <RotateCcw aria-hidden="true" />}
              Reset Songwriter
            </Button>
          </form>
        </CardContent>
      </Card>

      {/* Always present, so a new result is announced when it appears. */}
      <div aria-live="polite" className="mt-6 empty:hidden">
        {result && <ResetResult result={result} />}
      </div>

      <ConfirmDialog
        open={confirming !== null}
        title="Reset this songwriter?"
        description={confirming ? m.resetConfirm(confirming) : ''}
        confirmLabel="Reset songwriter"
        pending={reset.isPending}
        onConfirm={() => confirming && reset.mutate(confirming.email)}
        onOpenChange={(open) => !open && setConfirming(null)}
      />
    </div>
  );
}
