import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { Check, Copy, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { LIMITS } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import type { CreatedPitchLink } from '../../../common/responses';
import { PAGE_PATHS, pathTo } from '../../../common/routes';
import { pitchExpiryBounds, ShareSchema, type ShareInput, type ShareValues } from '../../../common/schemas/pitching';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { InlineSpinner } from '../../components/ui/spinner';
import { Textarea } from '../../components/ui/textarea';
import { isApiError } from '../../lib/api';
import { SITE_NAME } from '../../lib/site-name';
import { toast } from '../../lib/toast';
import { createShare, MY_SHARES_KEY } from './pitching-api';

const m = MESSAGES.pitching;

/** What is shared: one of the caller's playlists, or one song. */
export type ShareTarget = { playlistId: string; name: string } | { songId: string; name: string };

const FIELDS = ['recipientName', 'recipientEmail', 'recipientCompany', 'message', 'expiresOn', 'password', 'playlistId'] as const;

/**
 * "Share": a button that opens the form to share a playlist or a song with one person, by e-mail or a link.
 * `canDownload` false (the caller is stream only, when known) leaves them only stream only to offer.
 */
export function ShareButton({ target, canDownload, className }: { target: ShareTarget; canDownload?: boolean; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" className={className} onClick={() => setOpen(true)}>
        <Share2 aria-hidden="true" />
        Share
      </Button>
      <ShareDialog target={target} canDownload={canDownload} open={open} onOpenChange={setOpen} />
    </>
  );
}

function ShareDialog({
  target,
  canDownload,
  open,
  onOpenChange,
}: {
  target: ShareTarget;
  canDownload: boolean | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const bounds = pitchExpiryBounds();
  const defaults: ShareInput = {
    ...('playlistId' in target ? { playlistId: target.playlistId } : { songId: target.songId }),
    recipientName: '',
    recipientEmail: '',
    recipientCompany: '',
    message: '',
    expiresOn: bounds.suggested,
    downloadAllowed: false,
    password: '',
    sendEmail: true,
  };
  const form = useForm<ShareInput, unknown, ShareValues>({ resolver: zodResolver(ShareSchema), defaultValues: defaults });
  const [created, setCreated] = useState<(CreatedPitchLink & { email: string | null; name: string }) | null>(null);
  const mutation = useMutation({
    mutationFn: (values: ShareValues) => createShare({ ...values, password: values.password || undefined }),
    onSuccess: (link, values) => {
      setCreated({ ...link, email: values.sendEmail ? values.recipientEmail : null, name: values.recipientName });
      toast.success(values.sendEmail ? m.shareEmailed(values.recipientEmail) : m.shareCreated(values.recipientName));
      void queryClient.invalidateQueries({ queryKey: MY_SHARES_KEY });
    },
    onError: (error) => {
      const fields = isApiError(error) ? error.fields : undefined;
      for (const name of FIELDS) if (fields?.[name]?.[0]) form.setError(name, { message: fields[name][0] });
    },
  });
  // Each opening starts a new share, without the last one's link or errors.
  useEffect(() => {
    if (open) {
      form.reset(defaults);
      mutation.reset();
      setCreated(null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const errors = form.formState.errors;
  return (
    <Dialog open={open} onOpenChange={(next) => !mutation.isPending && onOpenChange(next)}>
      <DialogContent className="max-h-[90dvh] max-w-lg overflow-y-auto">
        <DialogTitle className="pr-8 font-display text-xl font-semibold">Share “{target.name}”</DialogTitle>
        <DialogDescription className="mt-2 text-sm text-muted-foreground">
          One person gets a link of their own and listens without an account. You see what they open, play, hold and download.
        </DialogDescription>
        {created ? (
          <SharedNotice created={created} onDone={() => onOpenChange(false)} />
        ) : (
          <form noValidate className="mt-5 grid gap-4" onSubmit={form.handleSubmit((values) => mutation.mutate(values))}>
            <fieldset disabled={mutation.isPending} className="grid gap-4">
              <FormField label="Their name" required error={errors.recipientName?.message}>
                <Input autoComplete="off" maxLength={LIMITS.nameMax} {...form.register('recipientName')} />
              </FormField>
              <FormField label="Their email" required error={errors.recipientEmail?.message}>
                <Input type="email" autoComplete="off" maxLength={LIMITS.emailMax} {...form.register('recipientEmail')} />
              </FormField>
              <FormField label="Their company" hint="Optional." error={errors.recipientCompany?.message}>
                <Input autoComplete="off" maxLength={LIMITS.companyMax} {...form.register('recipientCompany')} />
              </FormField>
              <FormField label="Note" hint="Optional: shown at the top of their page." error={errors.message?.message}>
                <Textarea rows={3} maxLength={LIMITS.pitchMessageMax} {...form.register('message')} />
              </FormField>
              <FormField label="Link expires on" hint="It works until the end of that day." error={errors.expiresOn?.message}>
                <Input type="date" min={format(new Date(), 'yyyy-MM-dd')} max={bounds.max} {...form.register('expiresOn')} />
              </FormField>
              <DownloadChoice
                allowed={!!form.watch('downloadAllowed')}
                canDownload={canDownload}
                onChange={(allowed) => form.setValue('downloadAllowed', allowed)}
              />
              <FormField
                label="Password"
                hint={`Optional, at least ${LIMITS.sharePasswordMin} characters: they must enter it to open the page. Tell them yourself.`}
                error={errors.password?.message}
              >
                <Input type="password" autoComplete="new-password" maxLength={LIMITS.sharePasswordMax} {...form.register('password')} />
              </FormField>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="size-4 accent-primary" {...form.register('sendEmail')} />
                Email the link to them from {SITE_NAME}
              </label>
              {mutation.isError && !FIELDS.some((f) => errors[f]) && (
                <Alert variant="destructive" role="alert">
                  {isApiError(mutation.error) ? mutation.error.message : m.shareFailed}
                </Alert>
              )}
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                  Cancel
                </Button>
                <Button type="submit">
                  {mutation.isPending ? <InlineSpinner /> : <Share2 aria-hidden="true" />}
                  Share
                </Button>
              </div>
            </fieldset>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Stream only or download allowed; download only offered as the caller's own right allows, when known. */
function DownloadChoice({
  allowed,
  canDownload,
  onChange,
}: {
  allowed: boolean;
  canDownload: boolean | undefined;
  onChange: (allowed: boolean) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">What they may do</legend>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="radio"
          name="share-downloads"
          value="stream"
          className="size-4 accent-primary"
          checked={!allowed}
          onChange={() => onChange(false)}
        />
        {MESSAGES.downloads.streamOnlyOption}
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="radio"
          name="share-downloads"
          value="download"
          className="size-4 accent-primary"
          checked={allowed}
          disabled={canDownload === false}
          onChange={() => onChange(true)}
        />
        {MESSAGES.downloads.downloadAllowedOption}
        {canDownload === false ? ` (${m.shareDownloadNotAllowed})` : ' (only if you may download yourself)'}
      </label>
    </fieldset>
  );
}

/** The new link, shown this once (only its hash is kept), to copy and pass on. */
function SharedNotice({ created, onDone }: { created: CreatedPitchLink & { email: string | null; name: string }; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(created.url).catch(() => undefined);
    setCopied(true);
  };
  return (
    <div className="mt-5 grid gap-4">
      <Alert variant="success" role="status">
        <p className="font-semibold">{created.email ? m.shareEmailed(created.email) : m.shareCreated(created.name)}.</p>
        <p className="mt-1">
          {created.email
            ? 'This is the only time the link is shown; they have it in their email.'
            : `This is the only time the link is shown: copy it and send it to ${created.name}.`}
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <Input
            readOnly
            value={created.url}
            aria-label="The new link"
            className="min-w-0 flex-1 bg-card font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button variant="outline" size="sm" onClick={() => void copy()}>
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? 'Copied' : 'Copy link'}
          </Button>
        </div>
      </Alert>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to={pathTo(PAGE_PATHS.share, { id: created.id })} className="link self-center text-sm">
          See what they do with it
        </Link>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
