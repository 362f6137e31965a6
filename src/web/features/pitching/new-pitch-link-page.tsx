import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { ArrowLeft, Send } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { LIMITS } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { adminPitchLinkPath, PAGE_PATHS } from '../../../common/routes';
import { PitchLinkSchema, pitchExpiryBounds, type PitchLinkInput, type PitchLinkValues } from '../../../common/schemas/pitching';
import { PageMeta } from '../../components/page-meta';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { InlineSpinner } from '../../components/ui/spinner';
import { Textarea } from '../../components/ui/textarea';
import { isApiError } from '../../lib/api';
import type { CreatedLinkState } from './created-link-notice';
import { ADMIN_PITCH_LINKS_KEY, createPitchLink } from './pitching-api';
import { ShortlistPicker } from './shortlist-picker';

const m = MESSAGES.pitching;
const FIELDS = ['recipientName', 'recipientEmail', 'recipientCompany', 'message', 'expiresOn', 'songIds'] as const;
const isField = (key: string): key is (typeof FIELDS)[number] => (FIELDS as readonly string[]).includes(key);

/** /admin/pitch-links/new: a shortlist for one named recipient, e-mailed as a unique link that expires. */
export function NewPitchLinkPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const bounds = pitchExpiryBounds();
  const form = useForm<PitchLinkInput, unknown, PitchLinkValues>({
    resolver: zodResolver(PitchLinkSchema),
    defaultValues: { recipientName: '', recipientEmail: '', recipientCompany: '', message: '', expiresOn: bounds.suggested, songIds: [] },
  });
  const { errors, isSubmitting } = form.formState;
  const messageLength = (form.watch('message') ?? '').length;

  const onSubmit = async (values: PitchLinkValues) => {
    try {
      const created = await createPitchLink(values);
      toast.success(m.created(values.recipientEmail));
      void queryClient.invalidateQueries({ queryKey: ADMIN_PITCH_LINKS_KEY });
      const state: CreatedLinkState = { created: { ...created, email: values.recipientEmail } };
      await navigate(adminPitchLinkPath(created.id), { state });
    } catch (error) {
      if (isApiError(error) && error.fields) {
        for (const [field, messages] of Object.entries(error.fields)) {
          if (isField(field) && messages[0]) form.setError(field, { message: messages[0] });
        }
      }
      toast.error(m.createFailed, { description: isApiError(error) ? error.message : MESSAGES.generic.unexpected });
    }
  };

  return (
    <div className="max-w-3xl">
      <PageMeta title="New Pitch Link" description="Send a shortlist of songs to one recipient as a unique, expiring link." />
      <Link
        to={PAGE_PATHS.adminPitchLinks}
        className="inline-flex items-center gap-2 rounded-sm text-sm font-medium text-primary hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to pitch links
      </Link>
      <h1 className="mt-3 text-3xl font-bold">New Pitch Link</h1>
      <p className="mt-1 text-muted-foreground">
        The recipient gets the link by email and listens without an account. You see what they play, hold and pass.
      </p>
      <Card className="mt-6">
        <CardContent className="pt-6">
          <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
            <fieldset disabled={isSubmitting} className="grid gap-5">
              <div className="grid gap-5 sm:grid-cols-2">
                <FormField label="Recipient name" error={errors.recipientName?.message}>
                  <Input autoComplete="off" maxLength={LIMITS.nameMax} {...form.register('recipientName')} />
                </FormField>
                <FormField label="Recipient email" error={errors.recipientEmail?.message}>
                  <Input type="email" autoComplete="off" maxLength={LIMITS.emailMax} {...form.register('recipientEmail')} />
                </FormField>
                <FormField label="Company" hint="Optional." error={errors.recipientCompany?.message}>
                  <Input autoComplete="off" maxLength={LIMITS.companyMax} {...form.register('recipientCompany')} />
                </FormField>
                <FormField label="Link expires on" hint="It works until the end of that day." error={errors.expiresOn?.message}>
                  <Input type="date" min={format(new Date(), 'yyyy-MM-dd')} max={bounds.max} {...form.register('expiresOn')} />
                </FormField>
              </div>
              <FormField
                label="Message"
                hint={`Optional. ${messageLength} / ${LIMITS.pitchMessageMax} characters`}
                error={errors.message?.message}
              >
                <Textarea rows={4} maxLength={LIMITS.pitchMessageMax} {...form.register('message')} />
              </FormField>
              <Controller
                control={form.control}
                name="songIds"
                render={({ field, fieldState }) => (
                  <ShortlistPicker value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
                )}
              />
              <Button type="submit" className="justify-self-start">
                {isSubmitting ? <InlineSpinner /> : <Send aria-hidden="true" />}
                Create and send link
              </Button>
            </fieldset>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
