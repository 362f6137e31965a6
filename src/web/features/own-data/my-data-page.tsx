import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Download, TriangleAlert, UserX } from 'lucide-react';
import { useForm } from 'react-hook-form';
import * as MESSAGES from '../../../common/messages';
import { DeleteAccountSchema, type DeleteAccountInput } from '../../../common/schemas/own-data';
import { PageMeta } from '../../components/page-meta';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { isApiError } from '../../lib/api';
import { useLeaveAfterDeletion, useMe } from '../../lib/auth';
import { applyFieldErrors } from '../../lib/form-errors';
import { SITE_NAME } from '../../lib/site-name';
import { toast } from '../../lib/toast';
import { NewSongsMailSetting } from '../new-songs-mail';
import { deleteMyAccount, MY_DATA_URL } from './own-data-api';

const m = MESSAGES.ownData;

/**
 * /account: the signed-in person downloads everything kept about them, or deletes their account; a buyer also turns
 * the weekly e-mail of new songs on or off.
 */
export function MyDataPage() {
  const me = useMe().data;
  const leave = useLeaveAfterDeletion();
  const form = useForm<DeleteAccountInput>({ resolver: zodResolver(DeleteAccountSchema), defaultValues: { password: '' } });
  const { errors } = form.formState;
  const remove = useMutation({
    mutationFn: deleteMyAccount,
    onSuccess: () => void leave(),
    onError: (error) => {
      if (applyFieldErrors(form.setError, error, ['password'])) return;
      toast.error(m.deleteFailed, { description: isApiError(error) ? error.message : MESSAGES.generic.unexpected });
    },
  });

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-12">
      <PageMeta title="Your data" description={`Download or delete what ${SITE_NAME} keeps about you.`} />
      <h1 className="text-3xl font-bold">Your data</h1>
      <p className="mt-1 text-muted-foreground">
        Everything {SITE_NAME} keeps about your account, as a file you can keep, and the way to close the account for good.
      </p>

      {me?.isPreview && <NewSongsMailSetting />}

      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Download your data</CardTitle>
          <CardDescription>
            One JSON file: your account, profile and questionnaire, orders, submitted songs with their reviews and messages, pitch
            agreements and placements, and your preview access request, comments, plays and holds. Your uploaded files are listed, not
            included.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline">
            <a href={MY_DATA_URL} download>
              <Download aria-hidden="true" />
              Download my data
            </a>
          </Button>
        </CardContent>
      </Card>

      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Delete your account</CardTitle>
          <CardDescription className="flex items-start gap-2">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
            This cannot be undone.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {me?.isAdmin ? (
            <p className="text-sm">{m.adminCannotBeDeleted}</p>
          ) : (
            <>
              <p className="text-sm leading-6">
                Your profile, address and phone, questionnaire, submitted songs and their files, messages, comments, plays and holds are
                erased, and you are signed out everywhere. Paid orders are kept for our accounts without your name, and a pitch agreement
                you signed is kept as the contract it is. We tell our team you have left.
              </p>
              <form noValidate onSubmit={form.handleSubmit((values) => remove.mutate(values))} className="grid gap-5">
                <FormField label="Your password, to confirm" error={errors.password?.message}>
                  <Input type="password" autoComplete="current-password" disabled={remove.isPending} {...form.register('password')} />
                </FormField>
                <Button type="submit" variant="destructive" className="justify-self-start" disabled={remove.isPending}>
                  <UserX aria-hidden="true" />
                  Delete my account
                </Button>
              </form>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
