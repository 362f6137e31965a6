import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import * as MESSAGES from '../../../common/messages';
import { PAGE_PATHS } from '../../../common/routes';
import { ResetPasswordSchema, type ResetPasswordInput } from '../../../common/schemas/auth';
import { PageMeta } from '../../components/page-meta';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { InlineSpinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/api';
import { authApi } from '../../lib/auth';
import { AuthCard } from './auth-card';
import { SITE_NAME } from '../../lib/site-name';

/** Reached from the e-mailed link: better-auth redirects here with ?token=… or with ?error=INVALID_TOKEN. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkBroken = !token || params.has('error');

  return (
    <>
      <PageMeta title="Choose a new password" description={`Choose a new password for your ${SITE_NAME} account.`} />
      {linkBroken ? <InvalidLink /> : <ResetPasswordForm token={token} />}
    </>
  );
}

function InvalidLink() {
  return (
    <AuthCard title="Reset link not valid">
      <Alert variant="destructive" role="alert">
        {MESSAGES.auth.resetLinkInvalid}
      </Alert>
      <Button asChild className="mt-6 w-full">
        <Link to={PAGE_PATHS.forgotPassword}>Request a new link</Link>
      </Button>
    </AuthCard>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(ResetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const reset = useMutation({
    mutationFn: ({ password }: ResetPasswordInput) => authApi.resetPassword(password, token),
    onSuccess: () => {
      toast.success(MESSAGES.auth.resetDone);
      void navigate(PAGE_PATHS.auth, { replace: true });
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'PASSWORD_TOO_COMMON') form.setError('password', { message: error.message });
    },
  });
  const expired = isApiError(reset.error) && reset.error.code === 'INVALID_TOKEN';
  if (expired) return <InvalidLink />;
  const otherError = reset.isError && !(isApiError(reset.error) && reset.error.code === 'PASSWORD_TOO_COMMON');

  return (
    <AuthCard title="Choose a new password" description="Pick a password you don’t use anywhere else.">
      <form noValidate onSubmit={form.handleSubmit((values) => reset.mutate(values))} className="grid gap-5">
        {otherError && (
          <Alert variant="destructive" role="alert">
            {reset.error.message}
          </Alert>
        )}
        <FormField label="New password" error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
        </FormField>
        <Button type="submit" size="lg" disabled={reset.isPending}>
          {reset.isPending && <InlineSpinner />}
          Reset password
        </Button>
      </form>
    </AuthCard>
  );
}
