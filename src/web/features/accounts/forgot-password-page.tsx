import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import * as MESSAGES from '../../../common/messages';
import { PAGE_PATHS } from '../../../common/routes';
import { ForgotPasswordSchema, type ForgotPasswordInput } from '../../../common/schemas/auth';
import { PageMeta } from '../../components/page-meta';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { InlineSpinner } from '../../components/ui/spinner';
import { authApi } from '../../lib/auth';
import { AuthCard } from './auth-card';
import { SITE_NAME } from '../../lib/site-name';

export function ForgotPasswordPage() {
  const form = useForm<ForgotPasswordInput>({ resolver: zodResolver(ForgotPasswordSchema), defaultValues: { email: '' } });
  // The server answers the same whether or not the address has an account, so the page cannot tell either.
  const request = useMutation({ mutationFn: ({ email }: ForgotPasswordInput) => authApi.requestPasswordReset(email) });

  return (
    <AuthCard
      title="Forgot your password?"
      description={
        request.isSuccess ? undefined : 'Enter the email address of your account and we will send you a link to choose a new password.'
      }
    >
      <PageMeta title="Forgot password" description={`Reset the password of your ${SITE_NAME} account.`} />
      {request.isSuccess ? (
        <Alert variant="success" role="status">
          {MESSAGES.auth.resetEmailSent}
        </Alert>
      ) : (
        <form noValidate onSubmit={form.handleSubmit((values) => request.mutate(values))} className="grid gap-5">
          {request.isError && (
            <Alert variant="destructive" role="alert">
              {request.error.message}
            </Alert>
          )}
          <FormField label="Email" error={form.formState.errors.email?.message}>
            <Input type="email" autoComplete="email" {...form.register('email')} />
          </FormField>
          <Button type="submit" size="lg" disabled={request.isPending}>
            {request.isPending && <InlineSpinner />}
            Send reset link
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={PAGE_PATHS.auth} className="link">
          Back to log in
        </Link>
      </p>
    </AuthCard>
  );
}
