import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import * as MESSAGES from '../../../common/messages';
import type { PlaylistDetail } from '../../../common/responses';
import { PlaylistCreateSchema, type PlaylistCreateInput } from '../../../common/schemas/playlists';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { InlineSpinner } from '../../components/ui/spinner';
import { Textarea } from '../../components/ui/textarea';
import { isApiError } from '../../lib/api';

/**
 * Names (and describes) a playlist: a new one, or one being renamed. Checked with the schema the server uses;
 * a failure keeps what was typed and says why. `save` gets the trimmed values and answers the playlist saved.
 */
export function PlaylistFormDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  initial,
  save,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  submitLabel: string;
  initial?: { name: string; description: string | null };
  save: (values: { name: string; description: string | null }) => Promise<PlaylistDetail>;
  onSaved: (playlist: PlaylistDetail) => void;
}) {
  const defaults: PlaylistCreateInput = { name: initial?.name ?? '', description: initial?.description ?? '' };
  const form = useForm<PlaylistCreateInput>({ resolver: zodResolver(PlaylistCreateSchema), defaultValues: defaults });
  const mutation = useMutation({
    mutationFn: (values: PlaylistCreateInput) => save({ name: values.name.trim(), description: values.description?.trim() || null }),
    onSuccess: (playlist) => {
      onSaved(playlist);
      onOpenChange(false);
    },
    onError: (error) => {
      const fields = isApiError(error) ? error.fields : undefined;
      if (fields?.name?.[0]) form.setError('name', { message: fields.name[0] });
      if (fields?.description?.[0]) form.setError('description', { message: fields.description[0] });
    },
  });
  // Each opening starts from the playlist as it is (or empty), without the last attempt's errors.
  useEffect(() => {
    if (open) {
      form.reset(defaults);
      mutation.reset();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const errors = form.formState.errors;
  return (
    <Dialog open={open} onOpenChange={(next) => !mutation.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-md">
        <DialogTitle className="pr-8 font-display text-xl font-semibold">{title}</DialogTitle>
        <DialogDescription className="mt-2 text-sm text-muted-foreground">{description}</DialogDescription>
        <form noValidate className="mt-5 grid gap-4" onSubmit={form.handleSubmit((values) => mutation.mutate(values))}>
          <FormField label="Name" required error={errors.name?.message}>
            <Input autoComplete="off" maxLength={100} {...form.register('name')} />
          </FormField>
          <FormField label="Description" hint="Optional: the artist, project or mood it is for." error={errors.description?.message}>
            <Textarea rows={3} {...form.register('description')} />
          </FormField>
          {mutation.isError && !errors.name && !errors.description && (
            <Alert variant="destructive" role="alert">
              {isApiError(mutation.error) ? mutation.error.message : MESSAGES.playlists.saveFailed}
            </Alert>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" disabled={mutation.isPending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending && <InlineSpinner />}
              {submitLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
