import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import type { z } from 'zod';
import * as MESSAGES from '../../../common/messages';
import { ClaimByEmailSchema } from '../../../common/schemas/songwriters';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { InlineSpinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { songwriterApi, songwriterKeys } from './songwriter-api';

const m = MESSAGES.songwriters;
type ClaimByEmailInput = z.input<typeof ClaimByEmailSchema>;

/**
 * Claims paid orders by the e-mail they were paid with. The account's own confirmed address claims at
 * once; another address first gets a confirmation link (the dashboard handles it as ?claim_token=).
 */
export function ClaimOrdersBox({ intro, defaultEmail = '', className }: { intro: string; defaultEmail?: string; className?: string }) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const form = useForm<ClaimByEmailInput, unknown, z.output<typeof ClaimByEmailSchema>>({
    resolver: zodResolver(ClaimByEmailSchema),
    defaultValues: { email: defaultEmail },
  });
  const { errors } = form.formState;

  const claim = useMutation({
    mutationFn: songwriterApi.claimByEmail,
    onSuccess: async (result) => {
      if ('confirmationSent' in result) return;
      toast.success(m.orderClaimedTitle, { description: m.orderClaimed(result.claimed) });
      await queryClient.invalidateQueries({ queryKey: songwriterKeys.root });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 404) toast.error(m.noOrdersTitle, { description: m.noOrders });
      else if (isApiError(error) && error.fields?.email?.[0])
        form.setError('email', { message: error.fields.email[0] }, { shouldFocus: true });
      else toast.error(m.claimFailed, { description: isApiError(error) ? error.message : undefined });
    },
  });
  // Another address than the account's own gets a confirmation link first.
  const sentTo = claim.data && 'confirmationSent' in claim.data ? claim.variables : null;

  return (
    <Card className={cn('border-warning-line bg-warning-soft/50', className)} role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} as="h3" className="text-lg">
          Claim your orders
        </CardTitle>
        <CardDescription>{intro}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sentTo && (
          <Alert variant="success" role="status" className="flex gap-3">
            <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <p>
              {m.checkEmailToClaim} <span className="sr-only">Sent to {sentTo}.</span>
            </p>
          </Alert>
        )}
        <form
          noValidate
          onSubmit={form.handleSubmit(({ email }) => claim.mutate(email))}
          className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start"
        >
          <FormField label="Email used at checkout" error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...form.register('email')} />
          </FormField>
          <Button type="submit" disabled={claim.isPending} className="sm:mt-6">
            {claim.isPending && <InlineSpinner />}
            Claim orders
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
