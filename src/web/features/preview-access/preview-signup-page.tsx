import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import * as MESSAGES from '../../../common/messages';
import { PAGE_PATHS } from '../../../common/routes';
import { PreviewSignupSchema, type PreviewSignupInput } from '../../../common/schemas/preview-access';
import { PageMeta } from '../../components/page-meta';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { InlineSpinner, PageSpinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/api';
import { useMe } from '../../lib/auth';
import { signUpForPreview, type PreviewSignupState } from './preview-access-api';
import { CheckEmailNotice } from '../accounts';
import { PreviewSteps } from './preview-steps';
import { SITE_NAME } from '../../lib/site-name';

const m = MESSAGES.previewAccess;
/** The already-registered notice stays this long before /auth. */
const ALREADY_SIGNED_IN_REDIRECT_MS = 1500;

/**
 * /preview-signup?request_id&email: step 2 of 4, the password for the account of the request's e-mail.
 * Success ends in "check your email": the confirmation link, opened in this browser, signs the user in and links the request.
 */
export function PreviewSignupPage() {
  const [params] = useSearchParams();
  const requestId = params.get('request_id')?.trim() ?? '';
  const email = params.get('email')?.trim() ?? '';
  const me = useMe();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  // Once the account is made, a sign-in in another tab (the confirmation link) must not turn this into "already exists".
  const signedIn = Boolean(me.data?.user) && !done;
  const missingInfo = !requestId || !email;
  const told = useRef(false);

  useEffect(() => {
    if (!missingInfo && !signedIn) return;
    // Said once, even when the effect runs again (development's double effects, a re-render).
    if (!told.current) {
      told.current = true;
      if (missingInfo) toast.error(m.missingInfoTitle, { description: m.missingInfo });
      // Already signed in: the only case where we can honestly say the account exists.
      else toast.error(m.accountExistsTitle, { description: m.accountExists });
    }
    if (missingInfo) {
      void navigate(PAGE_PATHS.previewRequest, { replace: true });
      return;
    }
    const timer = setTimeout(() => void navigate(PAGE_PATHS.auth, { replace: true }), ALREADY_SIGNED_IN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [missingInfo, signedIn, navigate]);

  const meta = (
    <PageMeta
      title={done ? 'Check Your Email' : 'Create Your Password'}
      description={`Create the password for your ${SITE_NAME} preview account, then confirm your email address.`}
    />
  );

  if (done) {
    return (
      <>
        {meta}
        <CheckEmail email={email} />
      </>
    );
  }
  if (missingInfo || me.isPending) {
    return (
      <>
        {meta}
        <PageSpinner />
      </>
    );
  }
  if (signedIn) {
    return (
      <SignupShell title={m.accountExistsTitle}>
        {meta}
        <Alert role="status">{m.accountExists}</Alert>
      </SignupShell>
    );
  }
  return (
    <>
      {meta}
      <SignupFlow email={email} onDone={() => setDone(true)} />
    </>
  );
}

function SignupFlow({ email, onDone }: { email: string; onDone: () => void }) {
  const location = useLocation();
  const name = (location.state as PreviewSignupState)?.name?.trim() ?? '';
  const form = useForm<PreviewSignupInput>({
    resolver: zodResolver(PreviewSignupSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async ({ password }: PreviewSignupInput) => {
    try {
      await signUpForPreview({ email, password, name });
    } catch (error) {
      if (isApiError(error) && error.code === 'PASSWORD_TOO_COMMON') {
        form.setError('password', { message: error.message }, { shouldFocus: true });
        return;
      }
      toast.error(m.signupFailedTitle, { description: isApiError(error) && error.message ? error.message : m.signupFailed });
      return;
    }
    toast.success(m.accountCreatedTitle, { description: m.accountCreated });
    onDone();
  };

  return (
    <SignupShell title="Create your password" description="Step 2 of 4: set the password for your preview account." step={2}>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <fieldset disabled={isSubmitting} className="grid gap-5">
          <FormField label="Email" hint="The address from your request. We will send a confirmation link to it.">
            <Input type="email" value={email} readOnly autoComplete="username" className="bg-muted" />
          </FormField>
          <FormField label="Password" error={errors.password?.message}>
            <Input type="password" autoComplete="new-password" {...form.register('password')} />
          </FormField>
          <FormField label="Confirm password" error={errors.confirmPassword?.message}>
            <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
          </FormField>
          <Button type="submit" size="lg" className="w-full">
            {isSubmitting && <InlineSpinner />}
            Create Account
          </Button>
        </fieldset>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link to={PAGE_PATHS.auth} className="link">
          Log in here
        </Link>
      </p>
    </SignupShell>
  );
}

/** Step 3 of 4. The heading takes focus so screen readers announce the new state. */
function CheckEmail({ email }: { email: string }) {
  return (
    <SignupShell title="Check your email" step={3} focusTitle>
      <CheckEmailNotice email={email} message={m.checkEmail} note={m.reviewedAfterConfirming} />
    </SignupShell>
  );
}

/** The page's card, its title the page's one h1, with the four steps beside it on wide screens. */
function SignupShell({
  title,
  description,
  step,
  focusTitle = false,
  children,
}: {
  title: string;
  description?: string;
  step?: number;
  focusTitle?: boolean;
  children: ReactNode;
}) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <Card>
        <CardHeader>
          <h1 ref={titleRef} tabIndex={-1} className="text-2xl font-bold focus:outline-none sm:text-3xl">
            {title}
          </h1>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
      {step && (
        <section aria-labelledby="signup-steps">
          <h2 id="signup-steps" className="text-xl font-semibold">
            How it works
          </h2>
          <PreviewSteps current={step} className="mt-4" />
        </section>
      )}
    </div>
  );
}
