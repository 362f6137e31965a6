import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { AdminSong } from '../../../../common/responses';
import { PAGE_PATHS } from '../../../../common/routes';
import { SongFormSchema, type SongFormInput, type SongFormValues } from '../../../../common/schemas/songs';
import { Button } from '../../../components/ui/button';
import { Progress } from '../../../components/ui/progress';
import { InlineSpinner } from '../../../components/ui/spinner';
import { SongCatalogueCard } from './song-catalogue-card';
import { SongDetailsCard } from './song-details-card';
import { initialValues } from './song-form-values';
import { SongMediaCard, useSongMedia } from './song-media-card';
import { useDetectedAnalysis } from './use-detected-analysis';
import { useSaveSong } from './use-save-song';
import { WritersFields } from './writers-fields';

/**
 * The admin song form for /admin/songs/new (no song) and /admin/songs/edit/:id. Validated with the same
 * schema as the server. The audio uploads as soon as it is chosen, and the tempo and key found in it are
 * offered (use-detected-analysis.ts). The image goes beside the fields in one multipart upload with
 * visible progress. On a server error everything typed and chosen stays, and the server's per-field
 * messages show on the fields.
 */
export function SongForm({ song, defaultOrderIndex }: { song?: AdminSong; defaultOrderIndex: number }) {
  const form = useForm<SongFormInput, unknown, SongFormValues>({
    resolver: zodResolver(SongFormSchema),
    defaultValues: initialValues(song, defaultOrderIndex),
  });
  const { errors, isSubmitted } = form.formState;
  const analysis = useDetectedAnalysis(form, song, isSubmitted);
  const media = useSongMedia(song, {
    onUploaded: analysis.applyDetected,
    lyrics: {
      get: () => form.getValues('lyrics') ?? '',
      set: (text) => form.setValue('lyrics', text, { shouldDirty: true, shouldValidate: isSubmitted }),
    },
  });
  const { onValid, saving, busy, percent } = useSaveSong(form, song, media);

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onValid, () => media.audioChosen())}
      className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start"
    >
      <fieldset disabled={busy} className="contents">
        <div className="grid gap-6">
          <SongDetailsCard form={form} song={song} errors={errors} isSubmitted={isSubmitted} />
          <WritersFields control={form.control} register={form.register} errors={errors} hasWriterInfo={Boolean(song?.writerInfo)} />
        </div>

        <div className="grid gap-6">
          <SongMediaCard media={media} imageProgress={saving ? percent : undefined} />
          <SongCatalogueCard form={form} errors={errors} analysis={analysis} />

          {/* A new cover image shows the save's upload in its own zone. */}
          {saving && !media.files.image && (
            <div className="grid gap-2 rounded-xl border border-border bg-card p-4" aria-live="polite">
              <p className="text-sm font-medium">{percent < 100 ? `Uploading… ${percent}%` : 'Saving…'}</p>
              <Progress value={percent} label="Upload progress" />
            </div>
          )}

          <div className="flex flex-wrap gap-3">
            <Button type="submit" size="lg">
              {busy ? <InlineSpinner /> : <Save aria-hidden="true" />}
              {song ? 'Update Song' : 'Create Song'}
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
