import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { LIMITS } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { PAGE_PATHS, RETURN_TO_PARAM, safeReturnPath, withReturnTo } from '../../../common/routes';
import {
  SongwriterJoinSchema,
  SongwriterSignupSchema,
  type SongwriterJoinInput,
  type SongwriterSignupInput,
} from '../../../common/schemas/songwriters';
import { ErrorState } from '../../components/error-state';
import { PageMeta } from '../../components/page-meta';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { InlineSpinner, PageSpinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/api';
import { meQuery, useMe, useSignOut } from '../../lib/auth';
import { CheckEmailNotice } from '../accounts';
import { applyFieldErrors } from '../../lib/form-errors';
import { applyUsernameTaken } from './form-errors';
import { OnboardingShell } from './onboarding-shell';
import { onboardingQuery, pathOfStep, songwriterApi, songwriterKeys } from './songwriter-api';
import { SITE_NAME } from '../../lib/site-name';

const m = MESSAGES.songwriters;
const FIELDS = ['username', 'email', 'password', 'confirmPassword'] as const;
const USERNAME_HINT = `At least ${LIMITS.usernameMin} characters: letters, numbers, dots, hyphens and underscores.`;

/**
 * /songwriter-signup: step 1, the account (public). ?order_success=true comes back from a payment made
 * before the account existed. A signed-in songwriter goes on to their first unfinished step.
 */
export function SongwriterSignupPage() {
  const me = useMe();
  const [params] = useSearchParams();
  // Sent here by the dashboard's guard, the payment's return is the page this visitor was going to.
  const returnTo = safeReturnPath(params.get(RETURN_TO_PARAM));
  const returnQuery = returnTo ? new URL(returnTo, window.location.origin).searchParams : undefined;
  const paidAlready = params.get('order_success') === 'true' || returnQuery?.get('order_success') === 'true';
  const signInPath = withReturnTo(PAGE_PATHS.auth, returnTo);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const meta = (
    <PageMeta
      title="Songwriter Sign Up"
      description={`Create your ${SITE_NAME} songwriter account: the first of four steps to a professional review of your songs.`}
    />
  );

  if (sentTo) {
    return (
      <>
        {meta}
        <CheckEmail email={sentTo} />
      </>
    );
  }
  if (me.isPending) {
    return (
      <>
        {meta}
        <PageSpinner label={MESSAGES.auth.checkingAccess} />
      </>
    );
  }
  if (me.data?.user && me.data.isSongwriter) return <ResumeOnboarding />;
  if (me.data?.user) {
    return (
      <>
        {meta}
        <NotSongwriter email={me.data.user.email} isAdmin={me.data.isAdmin} />
      </>
    );
  }
  return (
    <>
      {meta}
      <SignupForm paidAlready={paidAlready} signInPath={signInPath} onDone={setSentTo} />
    </>
  );
}

function SignupForm({ paidAlready, signInPath, onDone }: { paidAlready: boolean; signInPath: string; onDone: (email: string) => void }) {
  const form = useForm<SongwriterSignupInput>({
    resolver: zodResolver(SongwriterSignupSchema),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const signUp = useMutation({
    mutationFn: songwriterApi.signUp,
    onSuccess: (_, values) => onDone(values.email.trim()),
    onError: (error) => {
      if (applyUsernameTaken(form.setError, error)) return;
      if (applyFieldErrors(form.setError, error, FIELDS)) return;
      if (isApiError(error) && error.status === 429) {
        toast.error(error.message);
        return;
      }
      toast.error(m.signupFailed, { description: isApiError(error) ? error.message : undefined });
    },
  });

  return (
    <OnboardingShell step={1} title="Create your songwriter account" description="Step 1 of 4: your username, email and password.">
      {paidAlready && (
        <Alert variant="success" role="status" className="mb-6 flex gap-3">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>{m.orderSuccessNote}</p>
        </Alert>
      )}
      <form noValidate onSubmit={form.handleSubmit((values) => signUp.mutate(values))}>
        <div className="grid gap-5">
          <FormField label="Username" hint={USERNAME_HINT} error={errors.username?.message}>
            <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...form.register('username')} />
          </FormField>
          <FormField label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...form.register('email')} />
          </FormField>
          <FormField label="Password" hint={`At least ${LIMITS.songwriterPasswordMin} characters.`} error={errors.password?.message}>
            <Input type="password" autoComplete="new-password" {...form.register('password')} />
          </FormField>
          <FormField label="Confirm password" error={errors.confirmPassword?.message}>
            <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
          </FormField>
          <Button type="submit" size="lg" disabled={signUp.isPending} className="w-full">
            {signUp.isPending && <InlineSpinner />}
            Create Account
          </Button>
        </div>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link to={signInPath} className="link">
          Log in
        </Link>
      </p>
    </OnboardingShell>
  );
}

/** Step 1 done: the confirmation link, opened in this browser, signs in and continues at step 2. The title takes focus so it is announced. */
function CheckEmail({ email }: { email: string }) {
  return (
    <OnboardingShell step={1} currentDone title="Check your email" focusTitle>
      <CheckEmailNotice email={email} message={m.checkEmail} send={songwriterApi.resendVerification} />
    </OnboardingShell>
  );
}

/** A signed-in songwriter has an account already: on to the first unfinished step. */
function ResumeOnboarding() {
  const onboarding = useQuery(onboardingQuery);
  if (onboarding.isPending) return <PageSpinner />;
  if (onboarding.isError) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-16">
        <ErrorState title={m.onboardingLoadFailed} error={onboarding.error} onRetry={() => void onboarding.refetch()} />
      </div>
    );
  }
  return <Navigate to={pathOfStep(onboarding.data.nextStep)} replace />;
}

/**
 * Guarded songwriter pages send other signed-in users here. A preview user (or a songwriter an admin reset)
 * continues with the account they have, choosing a username; an admin logs out first.
 */
function NotSongwriter({ email, isAdmin }: { email: string; isAdmin: boolean }) {
  const signOut = useSignOut();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<SongwriterJoinInput>({ resolver: zodResolver(SongwriterJoinSchema), defaultValues: { username: '', password: '' } });
  const { errors } = form.formState;
  // Asked for only when the server says the account's password is shorter than a songwriter's minimum.
  const [needsNewPassword, setNeedsNewPassword] = useState(false);
  useEffect(() => {
    if (needsNewPassword) form.setFocus('newPassword');
  }, [needsNewPassword, form]);

  const join = useMutation({
    mutationFn: songwriterApi.join,
    onSuccess: async () => {
      // Anything asked as a non-songwriter (refusals, or a reset profile) is stale now.
      queryClient.removeQueries({ queryKey: songwriterKeys.root });
      await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      await navigate(PAGE_PATHS.songwriterProfile);
    },
    onError: (error) => {
      if (applyUsernameTaken(form.setError, error)) return;
      if (isApiError(error) && error.fields?.newPassword && !needsNewPassword) {
        setNeedsNewPassword(true);
        form.setError('newPassword', { message: error.fields.newPassword[0] });
        return;
      }
      if (applyFieldErrors(form.setError, error, ['username', 'password', 'newPassword'])) return;
      toast.error(m.joinFailed, { description: isApiError(error) ? error.message : undefined });
    },
  });

  return (
    <OnboardingShell step={1} title={m.notSongwriter}>
      <div className="grid gap-5">
        <Alert role="status">
          <p>{isAdmin ? m.notSongwriterAdmin : m.notSongwriterBody}</p>
          <p className="mt-2">
            Signed in as <strong className="break-all">{email}</strong>.
          </p>
        </Alert>
        {!isAdmin && (
          <form noValidate onSubmit={form.handleSubmit((values) => join.mutate(values))} className="grid gap-4">
            <FormField label="Username" hint={USERNAME_HINT} error={errors.username?.message}>
              <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...form.register('username')} />
            </FormField>
            <FormField label="Password" hint="The password of the account you are signed in with." error={errors.password?.message}>
              <Input type="password" autoComplete="current-password" {...form.register('password')} />
            </FormField>
            {needsNewPassword && (
              <FormField
                label="New password"
                hint={`At least ${LIMITS.songwriterPasswordMin} characters.`}
                error={errors.newPassword?.message}
              >
                <Input type="password" autoComplete="new-password" {...form.register('newPassword', { shouldUnregister: true })} />
              </FormField>
            )}
            <Button type="submit" disabled={join.isPending} className="sm:justify-self-start">
              {join.isPending && <InlineSpinner />}
              Continue as a songwriter
            </Button>
          </form>
        )}
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button variant={isAdmin ? 'default' : 'outline'} onClick={() => void signOut()}>
            Log out
          </Button>
          <Button asChild variant="outline">
            <Link to={PAGE_PATHS.home}>Back to home</Link>
          </Button>
        </div>
      </div>
    </OnboardingShell>
  );
}
