import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LockKeyhole } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { LIMITS } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { ShareUnlockSchema, type ShareUnlockInput } from '../../../common/schemas/pitching';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { InlineSpinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/api';
import { pitchPageQuery, unlockShare } from './pitching-api';

const m = MESSAGES.pitching;

/**
 * A protected share's page before its password: one field. Right, the server sets a cookie for this link and
 * the page loads; wrong, it says so (and after a few tries, to wait).
 */
export function SharePasswordForm({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const form = useForm<ShareUnlockInput>({ resolver: zodResolver(ShareUnlockSchema), defaultValues: { password: '' } });
  const unlock = useMutation({
    mutationFn: (values: ShareUnlockInput) => unlockShare(token, values),
    onSuccess: () => queryClient.resetQueries({ queryKey: pitchPageQuery(token).queryKey }),
    onError: (error) => {
      form.setError('password', { message: isApiError(error) ? error.message : m.pageLoadFailed });
      form.setFocus('password');
    },
  });
  return (
    <div className="mx-auto max-w-md py-10">
      <LockKeyhole aria-hidden="true" className="size-10 text-muted-foreground" />
      <h1 className="mt-4 text-3xl font-bold">{m.sharePasswordTitle}</h1>
      <p className="mt-2 text-muted-foreground">{m.sharePasswordHelp}</p>
      <form noValidate className="mt-6 grid gap-4" onSubmit={form.handleSubmit((values) => unlock.mutate(values))}>
        <FormField label="Password" required error={form.formState.errors.password?.message}>
          <Input type="password" autoComplete="off" maxLength={LIMITS.sharePasswordMax} {...form.register('password')} />
        </FormField>
        {unlock.isError && !isApiError(unlock.error) && <Alert variant="destructive">{m.pageLoadFailed}</Alert>}
        <Button type="submit" disabled={unlock.isPending} className="justify-self-start">
          {unlock.isPending && <InlineSpinner />}
          Open the songs
        </Button>
      </form>
    </div>
  );
}
