import { useRef, type ChangeEvent } from 'react';
import type { FieldErrors } from 'react-hook-form';
import type { AdminSong } from '../../../../common/responses';
import { LIMITS } from '../../../../common/constants';
import * as MESSAGES from '../../../../common/messages';
import { slugify, type SongFormInput } from '../../../../common/schemas/songs';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import type { SongFormApi } from './song-form-values';

/** The song's words: title and slug, description, lyrics and the free-text writer info. */
export function SongDetailsCard({
  form,
  song,
  errors,
  isSubmitted,
}: {
  form: SongFormApi;
  song: AdminSong | undefined;
  errors: FieldErrors<SongFormInput>;
  isSubmitted: boolean;
}) {
  const editing = song !== undefined;
  // A new song's slug follows its title until the admin types a slug of their own.
  const slugIsManual = useRef(editing);
  const slug = form.watch('slug');

  return (
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
              The song’s address: <span className="break-all font-mono">/songs/{slug || '…'}</span>. Lowercase letters, numbers and hyphens.
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
  );
}
