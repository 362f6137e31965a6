import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import type { AdminSong } from '../../../../common/responses';
import { LIMITS } from '../../../../common/constants';
import * as MESSAGES from '../../../../common/messages';
import { PAGE_PATHS } from '../../../../common/routes';
import { slugify, SongFormSchema, type SongFormInput, type SongFormValues } from '../../../../common/schemas/songs';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Progress } from '../../../components/ui/progress';
import { InlineSpinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { Textarea } from '../../../components/ui/textarea';
import { isApiError } from '../../../lib/api';
import { applyFieldErrors } from '../../../lib/form-errors';
import { invalidateSongs, saveSong } from './admin-songs-api';
import { SongMediaCard, useSongMedia } from './song-media-card';
import { TagsInput } from './tags-input';

const FORM_FIELDS = ['title', 'slug', 'description', 'lyrics', 'writerInfo', 'genre', 'bpm', 'tags', 'orderIndex', 'isActive'] as const;

/** Number inputs: an empty field is "no value" (null BPM; the default order), anything else a number for the schema to judge. */
const toNullableNumber = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));
const toOptionalNumber = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));

function initialValues(song: AdminSong | undefined, defaultOrderIndex: number): SongFormInput {
  return {
    title: song?.title ?? '',
    slug: song?.slug ?? '',
    description: song?.description ?? '',
    lyrics: song?.lyrics ?? '',
    writerInfo: song?.writerInfo ?? '',
    genre: song?.genre ?? '',
    bpm: song?.bpm ?? null,
    tags: song?.tags ?? [],
    orderIndex: song?.orderIndex ?? defaultOrderIndex,
    isActive: song?.isActive ?? true,
  };
}

function firstTagError(errors: FieldErrors<SongFormInput>): string | undefined {
  const tags = errors.tags;
  if (!tags) return undefined;
  if (tags.message) return tags.message;
  if (Array.isArray(tags)) return tags.find((e) => e?.message)?.message;
  return tags.root?.message;
}

/**
 * The admin song form for /admin/songs/new (no song) and /admin/songs/edit/:id. Validated with the same
 * schema as the server; files go beside the fields in one multipart upload with visible progress. On a
 * server error everything typed and chosen stays, and the server's per-field messages show on the fields.
 */
export function SongForm({ song, defaultOrderIndex }: { song?: AdminSong; defaultOrderIndex: number }) {
  const editing = song !== undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<SongFormInput, unknown, SongFormValues>({
    resolver: zodResolver(SongFormSchema),
    defaultValues: initialValues(song, defaultOrderIndex),
  });
  const { errors, isSubmitted } = form.formState;
  // A new song's slug follows its title until the admin types a slug of their own.
  const slugIsManual = useRef(editing);

  const media = useSongMedia(song);
  const [progress, setProgress] = useState(0);

  const save = useMutation({
    mutationFn: (values: SongFormValues) => saveSong({ id: song?.id, values, files: media.files }, setProgress),
    onMutate: () => setProgress(0),
    onSuccess: async () => {
      toast.success(editing ? MESSAGES.songs.updated : MESSAGES.songs.created);
      await invalidateSongs(queryClient);
      await navigate(PAGE_PATHS.adminSongs);
    },
    onError: (error) => {
      applyFieldErrors(form.setError, error, FORM_FIELDS);
      if (isApiError(error) && error.fields) media.showServerErrors(error.fields);
      toast.error(MESSAGES.songs.saveFailed, { description: isApiError(error) ? error.message : undefined });
    },
  });

  const onValid = (values: SongFormValues) => {
    if (!media.audioChosen({ focus: true }) || media.hasErrors) return;
    save.mutate(values);
  };

  const slug = form.watch('slug');
  const percent = Math.round(progress * 100);

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onValid, () => media.audioChosen())}
      className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start"
    >
      <fieldset disabled={save.isPending} className="contents">
        <Card>
          <CardHeader>
            <CardTitle>Song details</CardTitle>
            <CardDescription>Fields marked * are required.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            <FormField label="Title" required error={errors.title?.message}>
              <Input
                maxLength={LIMITS.songTitleMax}
                {...form.register('title', {
                  onChange: (event: ChangeEvent<HTMLInputElement>) => {
                    if (!slugIsManual.current)
                      form.setValue('slug', slugify(event.target.value), { shouldValidate: isSubmitted, shouldDirty: true });
                  },
                })}
              />
            </FormField>
            <FormField
              label="Slug"
              required
              error={errors.slug?.message}
              hint={
                <>
                  The song’s address: <span className="break-all font-mono">/songs/{slug || '…'}</span>. Lowercase letters, numbers and
                  hyphens.
                </>
              }
            >
              <Input
                maxLength={LIMITS.slugMax}
                autoComplete="off"
                spellCheck={false}
                className="font-mono"
                {...form.register('slug', {
                  onChange: (event: ChangeEvent<HTMLInputElement>) => {
                    // Typing a slug makes it the admin's; emptying the field hands it back to the title.
                    slugIsManual.current = editing || event.target.value !== '';
                  },
                })}
              />
            </FormField>
            <FormField
              label="Description"
              required
              error={errors.description?.message}
              hint={`${song?.fromAgreement ? `${MESSAGES.songs.agreementDescriptionHint} ` : ''}Shown on the song’s card. At most ${LIMITS.songDescriptionMax} characters.`}
            >
              <Textarea rows={3} maxLength={LIMITS.songDescriptionMax} {...form.register('description')} />
            </FormField>
            <FormField
              label="Lyrics"
              required
              error={errors.lyrics?.message}
              hint={song?.fromAgreement && !song.lyrics && !song.mediaPending ? MESSAGES.songs.agreementNeedsLyrics : undefined}
            >
              <Textarea rows={14} className="font-mono text-sm" {...form.register('lyrics')} />
            </FormField>
            <FormField label="Writer info" error={errors.writerInfo?.message} hint="For example “Written by Casey Rivers and Jo Lane”.">
              <Input maxLength={LIMITS.writerInfoMax} {...form.register('writerInfo')} />
            </FormField>
          </CardContent>
        </Card>

        <div className="grid gap-6">
          <SongMediaCard media={media} />

          <Card>
            <CardHeader>
              <CardTitle>Catalogue</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-5">
              <div className="grid gap-5 sm:grid-cols-2">
                <FormField label="Genre" error={errors.genre?.message}>
                  <Input maxLength={LIMITS.genreMax} {...form.register('genre')} />
                </FormField>
                <FormField label="BPM" error={errors.bpm?.message}>
                  <Input
                    type="number"
                    inputMode="numeric"
                    min={LIMITS.bpmMin}
                    max={LIMITS.bpmMax}
                    step={1}
                    {...form.register('bpm', { setValueAs: toNullableNumber })}
                  />
                </FormField>
              </div>
              <Controller
                control={form.control}
                name="tags"
                render={({ field }) => <TagsInput value={field.value ?? []} onChange={field.onChange} error={firstTagError(errors)} />}
              />
              <FormField label="Order" error={errors.orderIndex?.message} hint="Lower numbers come first; 0 is the top of the list.">
                <Input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  {...form.register('orderIndex', { setValueAs: toOptionalNumber })}
                />
              </FormField>
              <Controller
                control={form.control}
                name="isActive"
                render={({ field }) => (
                  <FormField label="Active" hint="Active songs are visible to preview users.">
                    <Switch checked={field.value ?? true} onCheckedChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
                  </FormField>
                )}
              />
            </CardContent>
          </Card>

          {save.isPending && (
            <div className="grid gap-2 rounded-xl border border-border bg-card p-4" aria-live="polite">
              <p className="text-sm font-medium">{percent < 100 ? `Uploading… ${percent}%` : 'Saving…'}</p>
              <Progress value={percent} label="Upload progress" />
            </div>
          )}

          <div className="flex flex-wrap gap-3">
            <Button type="submit" size="lg">
              {save.isPending ? <InlineSpinner /> : <Save aria-hidden="true" />}
              {editing ? 'Update Song' : 'Create Song'}
            </Button>
            <Button asChild variant="outline" size="lg">
              <Link to={PAGE_PATHS.adminSongs}>Cancel</Link>
            </Button>
          </div>
        </div>
      </fieldset>
    </form>
  );
}
