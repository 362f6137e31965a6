import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { homePathFor } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { PAGE_PATHS, RETURN_TO_PARAM, safeReturnPath } from '../../../common/routes';
import { SignInSchema, type SignInInput } from '../../../common/schemas/auth';
import { PageMeta } from '../../components/page-meta';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { InlineSpinner } from '../../components/ui/spinner';
import { authApi, meQuery, useMe } from '../../lib/auth';
import { AuthCard } from './auth-card';
import { ResendVerificationButton } from './resend-verification-button';
import { describeSignInError, type SignInFailure } from './sign-in-error';
import { SITE_NAME } from '../../lib/site-name';

export function SignInPage() {
  const me = useMe();
  const queryClient = useQueryClient();
  const [confirmingRole, setConfirmingRole] = useState(false);
  const [failure, setFailure] = useState<(SignInFailure & { email: string }) | null>(null);
  const form = useForm<SignInInput>({ resolver: zodResolver(SignInSchema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  // An e-mail confirmation link that failed (expired, used, altered) comes back here with ?error=.
  const [params] = useSearchParams();
  const linkFailed = params.has('error');

  // Signed in already, or just now: back to the page a guard sent this visitor from, else where this role
  // belongs (that page's own guard still decides whether this account may see it).
  if (me.data?.user) return <Navigate to={safeReturnPath(params.get(RETURN_TO_PARAM)) ?? homePathFor(me.data)} replace />;

  const checkingAccess = me.isPending || confirmingRole;

  const onSubmit = async (values: SignInInput) => {
    setFailure(null);
    try {
      await authApi.signIn(values);
    } catch (error) {
      setFailure({ ...describeSignInError(error), email: values.email });
      return;
    }
    toast.success(MESSAGES.auth.signedIn);
    setConfirmingRole(true);
    try {
      // The fresh /api/me re-renders this page with a user, and the redirect above takes over.
      await queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
    } catch {
      setFailure({ message: MESSAGES.generic.unexpected, unverified: false, email: values.email });
    } finally {
      setConfirmingRole(false);
    }
  };

  return (
    <AuthCard title="Log in" description={`Welcome back. Log in to your ${SITE_NAME} account.`}>
      <PageMeta title="Log in" description={`Log in to your ${SITE_NAME} account.`} />
      <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <fieldset disabled={checkingAccess || isSubmitting} className="grid gap-5">
          {linkFailed && !failure && (
            <Alert variant="destructive" role="alert">
              <p>{MESSAGES.auth.verificationLinkFailed}</p>
            </Alert>
          )}
          {failure && (
            <Alert variant="destructive" role="alert">
              <p>{failure.message}</p>
              {failure.unverified && <ResendVerificationButton email={failure.email} className="text-danger-text underline" />}
            </Alert>
          )}
          <FormField label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...form.register('email')} />
          </FormField>
          <FormField label="Password" error={errors.password?.message}>
            <Input type="password" autoComplete="current-password" {...form.register('password')} />
          </FormField>
          <div className="-mt-2 text-right text-sm">
            <Link to={PAGE_PATHS.forgotPassword} className="link">
              Forgot password?
            </Link>
          </div>
          <Button type="submit" size="lg" className="w-full">
            {isSubmitting && <InlineSpinner />}
            Log in
          </Button>
          {/* Always present so screen readers announce the text when it appears. */}
          <p role="status" className="flex items-center justify-center gap-2 text-sm text-muted-foreground empty:hidden">
            {checkingAccess && (
              <>
                <InlineSpinner />
                {MESSAGES.auth.checkingAccess}
              </>
            )}
          </p>
        </fieldset>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        New to {SITE_NAME}?{' '}
        <Link to={PAGE_PATHS.signup} className="link">
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}
