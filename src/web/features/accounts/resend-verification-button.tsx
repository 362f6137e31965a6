import { useMutation } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import * as MESSAGES from '../../../common/messages';
import { Button } from '../../components/ui/button';
import { InlineSpinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/api';
import { authApi } from '../../lib/auth';
import { cn } from '../../lib/cn';

/**
 * Sends the confirmation e-mail again: after a sign-up, or for a user whose link expired or got lost (sign-in
 * is refused until the e-mail is confirmed). `send` asks for a link that continues somewhere else.
 */
export function ResendVerificationButton({
  email,
  send = authApi.sendVerificationEmail,
  className,
}: {
  email: string;
  send?: (email: string) => Promise<unknown>;
  className?: string;
}) {
  const resend = useMutation({
    mutationFn: () => send(email),
    onSuccess: () => toast.success(MESSAGES.auth.verificationSent),
    onError: (error) => toast.error(MESSAGES.auth.resendFailed, { description: isApiError(error) ? error.message : undefined }),
  });
  return (
    <Button variant="link" className={cn('h-auto p-0', className)} disabled={resend.isPending} onClick={() => resend.mutate()}>
      {resend.isPending && <InlineSpinner />}
      {MESSAGES.auth.resendVerification}
    </Button>
  );
}
