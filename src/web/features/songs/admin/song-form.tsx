import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { Controller, useForm, type FieldErrors, type Path } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import type { AdminSong, SongAudioUpload } from '../../../../common/responses';
import { MUSICAL_KEYS, type MusicalKey } from '../../../../common/musical-keys';
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
import { ConfirmDetected, DetectedBadge } from './detected-marker';
import { SongMediaCard, useSongMedia } from './song-media-card';
import { TagsInput } from './tags-input';
import { WRITER_FIELDS, WritersFields } from './writers-fields';
import { NativeSelect } from '../../../components/ui/select';

const FORM_FIELDS = [
  'title',
  'slug',
  'description',
  'lyrics',
  'writerInfo',
  'writers',
  'genre',
  'bpm',
  'musicalKey',
  'isOneStop',
  'tags',
  'orderIndex',
  'isActive',
] as const;

/** The server's messages may name one writer's field too: `writers.0.ipi`. */
const fieldNames = (writerCount: number): Path<SongFormInput>[] => [
  ...FORM_FIELDS,
  ...Array.from({ length: writerCount }, (_, i) => WRITER_FIELDS.map((field) => `writers.${i}.${field}` as const)).flat(),
];

/** Number inputs: an empty field is "no value" (null BPM; the default order), anything else a number for the schema to judge. */
const toNullableNumber = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));
const toOptionalNumber = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));

/** A song saved without a BPM whose audio had one detected: the form offers it, marked. */
const offersDetectedBpm = (song: AdminSong | undefined) => song !== undefined && song.bpm === null && song.detected.bpm !== null;

function initialValues(song: AdminSong | undefined, defaultOrderIndex: number): SongFormInput {
  return {
    title: song?.title ?? '',
    slug: song?.slug ?? '',
    description: song?.description ?? '',
    lyrics: song?.lyrics ?? '',
    writerInfo: song?.writerInfo ?? '',
    writers: (song?.writers ?? []).map((w) => ({ ...w, ipi: w.ipi ?? '', publisher: w.publisher ?? '' })),
    genre: song?.genre ?? '',
    bpm: song?.bpm ?? (offersDetectedBpm(song) ? song!.detected.bpm : null),
    musicalKey: song?.musicalKey ?? null,
    isOneStop: song?.isOneStop ?? false,
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
 * schema as the server. The audio uploads as soon as it is chosen, and the tempo and key found in it are
 * offered, marked "Detected", in an empty BPM field (never over one the admin typed) and as a key line,
 * until the admin confirms or changes them. The image goes beside the fields in one multipart upload with
 * visible progress. On a server error everything typed and chosen stays, and the server's per-field
 * messages show on the fields.
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

  // What detection put in the form and the admin has not yet confirmed or changed.
  const [bpmDetected, setBpmDetected] = useState(() => offersDetectedBpm(song));
  const [bpmKept, setBpmKept] = useState<number | null>(null);
  const [detectedKey, setDetectedKey] = useState<{ key: MusicalKey; marked: boolean } | null>(() =>
    song?.detected.key ? { key: song.detected.key, marked: false } : null,
  );
  const [announcement, setAnnouncement] = useState('');
  const bpmInput = useRef<HTMLInputElement | null>(null);
  const keyLine = useRef<HTMLParagraphElement>(null);

  const applyDetected = ({ detected }: SongAudioUpload) => {
    // A value the admin typed or confirmed is theirs; one detected in a file chosen before gives way.
    const typed = form.getValues('bpm') != null && !bpmDetected;
    setBpmKept(typed && detected.bpm !== null ? detected.bpm : null);
    if (!typed) {
      form.setValue('bpm', detected.bpm, { shouldDirty: true, shouldValidate: isSubmitted });
      setBpmDetected(detected.bpm !== null);
    }
    setDetectedKey(detected.key ? { key: detected.key, marked: true } : null);
    // An empty Key takes the detected one; a key the admin chose stays.
    if (detected.key && !form.getValues('musicalKey')) form.setValue('musicalKey', detected.key, { shouldDirty: true });
  };
  const media = useSongMedia(song, {
    onUploaded: applyDetected,
    lyrics: {
      get: () => form.getValues('lyrics') ?? '',
      set: (text) => form.setValue('lyrics', text, { shouldDirty: true, shouldValidate: isSubmitted }),
    },
  });
  const [progress, setProgress] = useState(0);
  const [waitingForAudio, setWaitingForAudio] = useState(false);

  const confirmBpm = () => {
    setBpmDetected(false);
    setAnnouncement(MESSAGES.audioAnalysis.confirmed('BPM'));
    bpmInput.current?.focus();
  };
  const confirmKey = () => {
    setDetectedKey((current) => current && { ...current, marked: false });
    setAnnouncement(MESSAGES.audioAnalysis.confirmed('Key'));
    keyLine.current?.focus();
  };

  const save = useMutation({
    mutationFn: (values: SongFormValues) => saveSong({ id: song?.id, values, files: media.files }, setProgress),
    onMutate: () => setProgress(0),
    onSuccess: async () => {
      toast.success(editing ? MESSAGES.songs.updated : MESSAGES.songs.created);
      await invalidateSongs(queryClient);
      await navigate(PAGE_PATHS.adminSongs);
    },
    onError: (error) => {
      applyFieldErrors(form.setError, error, fieldNames(form.getValues('writers')?.length ?? 0));
      if (isApiError(error) && error.fields) media.showServerErrors(error.fields);
      toast.error(MESSAGES.songs.saveFailed, { description: isApiError(error) ? error.message : undefined });
    },
  });

  const onValid = async (values: SongFormValues) => {
    if (!media.audioChosen({ focus: true }) || media.hasErrors) return;
    // Saving while the audio is still on its way waits for it.
    setWaitingForAudio(true);
    const audioUploadId = await media.uploadedAudioId().finally(() => setWaitingForAudio(false));
    if (audioUploadId === null || (audioUploadId === undefined && !editing)) return;
    save.mutate({ ...values, audioUploadId });
  };

  const bpmField = form.register('bpm', {
    setValueAs: toNullableNumber,
    onChange: () => {
      // Editing the value makes it the admin's own.
      setBpmDetected(false);
      setBpmKept(null);
    },
  });

  const slug = form.watch('slug');
  const percent = Math.round(progress * 100);

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onValid, () => media.audioChosen())}
      className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start"
    >
      <fieldset disabled={save.isPending || waitingForAudio} className="contents">
        <div className="grid gap-6">
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
                hint={
                  song?.fromAgreement && !song.lyrics && !song.mediaPending
                    ? (song.mediaProblem ?? MESSAGES.songs.agreementNeedsLyrics)
                    : undefined
                }
              >
                <Textarea rows={14} className="font-mono text-sm" {...form.register('lyrics')} />
              </FormField>
              <FormField
                label="Writer info"
                error={errors.writerInfo?.message}
                hint="Free text, for example “Written by Casey Rivers and Jo Lane”. The song page shows it only while the song lists no writers."
              >
                <Input maxLength={LIMITS.writerInfoMax} {...form.register('writerInfo')} />
              </FormField>
            </CardContent>
          </Card>

          <WritersFields control={form.control} register={form.register} errors={errors} hasWriterInfo={Boolean(song?.writerInfo)} />
        </div>

        <div className="grid gap-6">
          <SongMediaCard media={media} imageProgress={save.isPending ? percent : undefined} />

          <Card>
            <CardHeader>
              <CardTitle>Catalogue</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-5">
              <div className="grid items-start gap-5 sm:grid-cols-2">
                <FormField label="Genre" error={errors.genre?.message}>
                  <Input maxLength={LIMITS.genreMax} {...form.register('genre')} />
                </FormField>
                <div className="grid content-start gap-2">
                  <FormField
                    label="BPM"
                    error={errors.bpm?.message}
                    hint={
                      bpmDetected ? (
                        <span className="flex flex-wrap items-center gap-2">
                          <DetectedBadge />
                          {MESSAGES.audioAnalysis.detectedHint}
                        </span>
                      ) : bpmKept !== null ? (
                        MESSAGES.audioAnalysis.detectedBpmKept(bpmKept)
                      ) : undefined
                    }
                  >
                    <Input
                      type="number"
                      inputMode="numeric"
                      min={LIMITS.bpmMin}
                      max={LIMITS.bpmMax}
                      step={1}
                      {...bpmField}
                      ref={(element) => {
                        bpmField.ref(element);
                        bpmInput.current = element;
                      }}
                    />
                  </FormField>
                  {bpmDetected && (
                    <div>
                      <ConfirmDetected what="BPM" onConfirm={confirmBpm} />
                    </div>
                  )}
                </div>
              </div>
              {detectedKey && (
                <div className="flex flex-wrap items-center gap-2">
                  <p ref={keyLine} tabIndex={-1} className="text-sm font-medium">
                    {MESSAGES.audioAnalysis.detectedKey(detectedKey.key)}
                  </p>
                  {detectedKey.marked && (
                    <>
                      <DetectedBadge />
                      <ConfirmDetected what="key" onConfirm={confirmKey} />
                    </>
                  )}
                </div>
              )}
              <p aria-live="polite" className="sr-only">
                {announcement}
              </p>
              <FormField label="Key" error={errors.musicalKey?.message}>
                <NativeSelect {...form.register('musicalKey', { setValueAs: (v: unknown) => (v === '' || v === null ? null : v) })}>
                  <option value="">Not set</option>
                  {MUSICAL_KEYS.map((key) => (
                    <option key={key} value={key}>
                      {key}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <Controller
                control={form.control}
                name="isOneStop"
                render={({ field }) => (
                  <FormField label={MESSAGES.songs.oneStop} hint={MESSAGES.songs.oneStopHint}>
                    <Switch checked={field.value ?? false} onCheckedChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
                  </FormField>
                )}
              />
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

          {/* A new cover image shows the save's upload in its own zone. */}
          {save.isPending && !media.files.image && (
            <div className="grid gap-2 rounded-xl border border-border bg-card p-4" aria-live="polite">
              <p className="text-sm font-medium">{percent < 100 ? `Uploading… ${percent}%` : 'Saving…'}</p>
              <Progress value={percent} label="Upload progress" />
            </div>
          )}

          <div className="flex flex-wrap gap-3">
            <Button type="submit" size="lg">
              {save.isPending || waitingForAudio ? <InlineSpinner /> : <Save aria-hidden="true" />}
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
