import { useMutation } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import * as MESSAGES from '../../../common/messages';
import { Button } from '../../components/ui/button';
import { isApiError } from '../../lib/api';
import { authApi } from '../../lib/auth';

/** For a user whose confirmation link expired or got lost: sign-in is refused until the e-mail is confirmed. */
export function ResendVerificationButton({ email }: { email: string }) {
  const resend = useMutation({
    mutationFn: () => authApi.sendVerificationEmail(email),
    onSuccess: () => toast.success(MESSAGES.auth.verificationSent),
    onError: (error) => toast.error(isApiError(error) ? error.message : MESSAGES.generic.unexpected),
  });
  return (
    <Button variant="link" className="h-auto p-0 text-red-800 underline" disabled={resend.isPending} onClick={() => resend.mutate()}>
      {MESSAGES.auth.resendVerification}
    </Button>
  );
}
