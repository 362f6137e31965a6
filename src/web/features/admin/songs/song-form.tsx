import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImageOff, Save, Undo2 } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import type { AdminSong } from '../../../../common/api-types';
import { LIMITS, SONG_IMAGE_WEB_SIZE } from '../../../../common/constants';
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
import { invalidateSongs, saveSong } from './admin-songs-api';
import { TagsInput } from './tags-input';

const AUDIO_ACCEPT = 'audio/mpeg,.mp3';
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const IMAGE_ACCEPT = IMAGE_TYPES.join(',');
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

function Required() {
  return (
    <span aria-hidden="true" className="text-destructive">
      {' '}
      *
    </span>
  );
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

  const [audio, setAudio] = useState<File | null>(null);
  const [audioError, setAudioError] = useState<string>();
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string>();
  const [imagePreview, setImagePreview] = useState<string | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [progress, setProgress] = useState(0);
  const audioInput = useRef<HTMLInputElement>(null);
  const imageInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!image) {
      setImagePreview(null);
      return;
    }
    const url = URL.createObjectURL(image);
    setImagePreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const save = useMutation({
    mutationFn: (values: SongFormValues) => saveSong({ id: song?.id, values, files: { audio, image, removeImage } }, setProgress),
    onMutate: () => setProgress(0),
    onSuccess: async () => {
      toast.success(editing ? MESSAGES.songs.updated : MESSAGES.songs.created);
      await invalidateSongs(queryClient);
      await navigate(PAGE_PATHS.adminSongs);
    },
    onError: (error) => {
      if (isApiError(error) && error.fields) {
        let focused = false;
        for (const field of FORM_FIELDS) {
          const message = error.fields[field]?.[0];
          if (message) {
            form.setError(field, { message }, { shouldFocus: !focused });
            focused = true;
          }
        }
        if (error.fields.audio?.[0]) setAudioError(error.fields.audio[0]);
        if (error.fields.image?.[0]) setImageError(error.fields.image[0]);
      }
      toast.error(MESSAGES.songs.saveFailed, { description: isApiError(error) ? error.message : undefined });
    },
  });

  const audioMissing = () => {
    if (editing || audio) return false;
    setAudioError(MESSAGES.songs.audioRequired);
    return true;
  };

  const onValid = (values: SongFormValues) => {
    if (audioMissing()) {
      audioInput.current?.focus();
      return;
    }
    if (audioError || imageError) return;
    save.mutate(values);
  };

  const chooseAudio = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setAudio(file);
    setAudioError(file && file.size > LIMITS.songAudioMaxBytes ? MESSAGES.songs.audioTooLarge : undefined);
  };

  const chooseImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setImage(file);
    setImageError(
      !file
        ? undefined
        : file.type && !IMAGE_TYPES.includes(file.type)
          ? MESSAGES.songs.imageNotAllowed
          : file.size > LIMITS.songImageMaxBytes
            ? MESSAGES.songs.imageTooLarge
            : undefined,
    );
  };

  const clearImage = () => {
    setImage(null);
    setImageError(undefined);
    if (imageInput.current) imageInput.current.value = '';
  };

  const slug = form.watch('slug');
  const percent = Math.round(progress * 100);
  const shownImage = imagePreview ?? (editing && !removeImage ? song.imageUrl : null);

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onValid, () => audioMissing())}
      className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start"
    >
      <fieldset disabled={save.isPending} className="contents">
        <Card>
          <CardHeader>
            <CardTitle>Song details</CardTitle>
            <CardDescription>Fields marked * are required.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            <FormField
              label={
                <>
                  Title
                  <Required />
                </>
              }
              error={errors.title?.message}
            >
              <Input
                aria-required="true"
                maxLength={LIMITS.songTitleMax}
                {...form.register('title', {
                  onChange: (event: ChangeEvent<HTMLInputElement>) => {
                    if (!slugIsManual.current) form.setValue('slug', slugify(event.target.value), { shouldValidate: isSubmitted, shouldDirty: true });
                  },
                })}
              />
            </FormField>
            <FormField
              label={
                <>
                  Slug
                  <Required />
                </>
              }
              error={errors.slug?.message}
              hint={
                <>
                  The song’s address: <span className="break-all font-mono">/songs/{slug || '…'}</span>. Lowercase letters, numbers and hyphens.
                </>
              }
            >
              <Input
                aria-required="true"
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
              label={
                <>
                  Description
                  <Required />
                </>
              }
              error={errors.description?.message}
              hint={`Shown on the song’s card. At most ${LIMITS.songDescriptionMax} characters.`}
            >
              <Textarea aria-required="true" rows={3} maxLength={LIMITS.songDescriptionMax} {...form.register('description')} />
            </FormField>
            <FormField
              label={
                <>
                  Lyrics
                  <Required />
                </>
              }
              error={errors.lyrics?.message}
            >
              <Textarea aria-required="true" rows={14} className="font-mono text-sm" {...form.register('lyrics')} />
            </FormField>
            <FormField label="Writer info" error={errors.writerInfo?.message} hint="For example “Written by Casey Rivers and Jo Lane”.">
              <Input maxLength={LIMITS.writerInfoMax} {...form.register('writerInfo')} />
            </FormField>
          </CardContent>
        </Card>

        <div className="grid gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Media</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-5">
              {editing && song.audioUrl && (
                <div className="grid gap-2">
                  <p className="text-sm font-medium">Current audio</p>
                  <audio controls preload="none" src={song.audioUrl} aria-label={`Current audio of ${song.title}`} className="w-full" />
                </div>
              )}
              <FormField
                label={
                  <>
                    {editing ? 'Replace audio (MP3)' : 'Audio file (MP3)'}
                    {!editing && <Required />}
                  </>
                }
                error={audioError}
                hint={editing ? 'Leave empty to keep the current audio.' : 'MP3, at most 50 MB.'}
              >
                <input
                  ref={audioInput}
                  type="file"
                  accept={AUDIO_ACCEPT}
                  aria-required={!editing || undefined}
                  onChange={chooseAudio}
                  className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-card file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-muted"
                />
              </FormField>

              <FormField label="Cover image" error={imageError} hint="JPEG, PNG or WebP, at most 15 MB. Square pictures look best.">
                <input
                  ref={imageInput}
                  type="file"
                  accept={IMAGE_ACCEPT}
                  onChange={chooseImage}
                  className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-card file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-muted"
                />
              </FormField>
              {shownImage && (
                <div className="flex items-start gap-4">
                  <img
                    src={shownImage}
                    alt={image ? 'Preview of the chosen cover image' : 'Current cover image'}
                    width={SONG_IMAGE_WEB_SIZE}
                    height={SONG_IMAGE_WEB_SIZE}
                    className="size-28 shrink-0 rounded-lg border border-border bg-muted object-cover"
                  />
                  <div className="grid gap-2">
                    {image ? (
                      <Button type="button" variant="outline" size="sm" onClick={clearImage}>
                        <Undo2 aria-hidden="true" />
                        {editing && song.imageUrl ? 'Keep the current image' : 'Remove chosen image'}
                      </Button>
                    ) : (
                      <Button type="button" variant="outline" size="sm" onClick={() => setRemoveImage(true)}>
                        <ImageOff aria-hidden="true" />
                        Remove image
                      </Button>
                    )}
                  </div>
                </div>
              )}
              {editing && removeImage && !image && song.imageUrl && (
                <div className="flex flex-wrap items-center gap-3 rounded-md border border-border bg-muted px-3 py-2 text-sm" role="status">
                  The image will be removed when you save.
                  <Button type="button" variant="link" size="sm" className="h-auto px-0" onClick={() => setRemoveImage(false)}>
                    Undo
                  </Button>
                </div>
              )}
            </CardContent>
          </Card>

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
                <Input type="number" inputMode="numeric" min={0} step={1} {...form.register('orderIndex', { setValueAs: toOptionalNumber })} />
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
