import { CircleCheck, FileAudio, FileText, Type, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { FileDropZone } from '../../components/ui/file-drop-zone';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Progress } from '../../components/ui/progress';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { Textarea } from '../../components/ui/textarea';
import {
  AUDIO_ACCEPT,
  audioProblem,
  LYRICS_ACCEPT,
  lyricsFileProblem,
  type LyricsMethod,
  type SubmitSongsFormInput,
  type SubmitSongsFormOutput,
} from './submission-form-schema';
import { lyricsLabel, type ReceivedSong } from './confirmation-state';

/** Where one song stands on the page. */
export type SongStatus =
  | { kind: 'idle' }
  | { kind: 'uploading'; progress: number }
  | { kind: 'failed'; message: string }
  | { kind: 'sent'; received: ReceivedSong };

/**
 * One song still owed, numbered by the song number it will get. Once the server has it the card shows
 * what was received instead of the fields; a song the server refused keeps its fields and says why.
 */
export function SongCard({
  index,
  songNumber,
  packageSize,
  status,
  disabled,
}: {
  index: number;
  songNumber: number;
  packageSize: number;
  status: SongStatus;
  disabled: boolean;
}) {
  const headingId = useId();
  const alertId = `song-${index}-problem`;
  const title = `Song ${songNumber} of ${packageSize}`;

  return (
    <section aria-labelledby={headingId}>
      <Card className={status.kind === 'sent' ? 'border-success-line' : status.kind === 'failed' ? 'border-danger-line' : undefined}>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 pb-4">
          <CardTitle id={headingId} className="text-xl">
            {title}
          </CardTitle>
          {status.kind === 'sent' && (
            <Badge variant="success">
              <CircleCheck aria-hidden="true" className="mr-1 size-3.5" />
              Received
            </Badge>
          )}
        </CardHeader>
        <CardContent className="grid gap-5">
          {status.kind === 'sent' ? (
            <ReceivedSummary received={status.received} />
          ) : (
            <>
              {status.kind === 'failed' && (
                <Alert id={alertId} role="alert" variant="destructive" tabIndex={-1}>
                  <p className="font-semibold">This song was not sent.</p>
                  <p className="mt-1">{status.message}</p>
                </Alert>
              )}
              {status.kind === 'uploading' && (
                <div className="grid gap-2" role="group" aria-label={`Upload of song ${songNumber}`}>
                  <p className="text-sm font-medium" aria-hidden="true">
                    {status.progress < 100 ? `Uploading… ${Math.round(status.progress)}%` : 'Checking the files…'}
                  </p>
                  <Progress value={status.progress} label={`Uploading song ${songNumber}`} />
                </div>
              )}
              <SongFields index={index} songNumber={songNumber} disabled={disabled} />
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function ReceivedSummary({ received }: { received: ReceivedSong }) {
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-3">
      <div>
        <dt className="text-muted-foreground">Title</dt>
        <dd className="break-words font-medium">{received.songTitle}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Audio</dt>
        <dd className="break-all font-medium">{received.audioFileName}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Lyrics</dt>
        <dd className="break-all font-medium">{lyricsLabel(received.lyrics)}</dd>
      </div>
    </dl>
  );
}

function SongFields({ index, songNumber, disabled }: { index: number; songNumber: number; disabled: boolean }) {
  const form = useFormContext<SubmitSongsFormInput, unknown, SubmitSongsFormOutput>();
  const errors = form.formState.errors.songs?.[index];
  const lyricsLabelId = useId();
  const method = useWatch({ control: form.control, name: `songs.${index}.lyricsMethod` });

  return (
    <fieldset disabled={disabled} className="grid min-w-0 gap-5">
      <legend className="sr-only">Song {songNumber}</legend>
      <FormField label="Song title" error={errors?.title?.message}>
        <Input autoComplete="off" maxLength={200} {...form.register(`songs.${index}.title`)} />
      </FormField>

      <SongFileZone
        index={index}
        name="audio"
        label="Audio file"
        what={`audio file of song ${songNumber}`}
        required
        hint="MP3, WAV or M4A, up to 100 MB."
        accept={AUDIO_ACCEPT}
        icon={FileAudio}
        problem={audioProblem}
      />

      <div className="grid gap-2">
        <p id={lyricsLabelId} className="text-sm font-medium leading-none">
          Lyrics (optional)
        </p>
        <Tabs
          value={method}
          onValueChange={(value) => form.setValue(`songs.${index}.lyricsMethod`, value as LyricsMethod, { shouldDirty: true })}
          className="grid gap-3"
        >
          <TabsList aria-labelledby={lyricsLabelId} className="justify-self-start">
            <TabsTrigger value="text">
              <Type aria-hidden="true" />
              Type lyrics
            </TabsTrigger>
            <TabsTrigger value="file">
              <FileText aria-hidden="true" />
              Upload a file
            </TabsTrigger>
          </TabsList>
          <TabsContent value="text">
            <FormField label="Lyrics" error={errors?.lyricsText?.message}>
              <Textarea rows={8} {...form.register(`songs.${index}.lyricsText`)} />
            </FormField>
          </TabsContent>
          <TabsContent value="file">
            <SongFileZone
              index={index}
              name="lyricsFile"
              label="Lyrics file"
              what={`lyrics file of song ${songNumber}`}
              hint="TXT, PDF, DOC, DOCX or Pages, up to 10 MB."
              accept={LYRICS_ACCEPT}
              icon={FileText}
              problem={lyricsFileProblem}
            />
          </TabsContent>
        </Tabs>
      </div>

      <FormField
        label="Story arc"
        hint="What is the song about, and where does its story go? At least 10 characters."
        error={errors?.storyArc?.message}
      >
        <Textarea rows={4} {...form.register(`songs.${index}.storyArc`)} />
      </FormField>
      <FormField
        label="AI usage"
        hint="Did you use AI for the lyrics, the music or the production? Tell us how, or say that you did not. At least 10 characters."
        error={errors?.aiUsage?.message}
      >
        <Textarea rows={3} {...form.register(`songs.${index}.aiUsage`)} />
      </FormField>
      <FormField label="Additional notes (optional)" error={errors?.additionalNotes?.message}>
        <Textarea rows={3} {...form.register(`songs.${index}.additionalNotes`)} />
      </FormField>
    </fieldset>
  );
}

/**
 * A song's audio or lyrics file as a drop zone (decision 0061): dropped, clicked or chosen from the keyboard,
 * named with its size. A file of the wrong kind or size is refused at once with the server's own message, and
 * the card's check refuses it again before anything is sent; the server still judges the file by its bytes.
 */
function SongFileZone({
  index,
  name,
  problem,
  ...zone
}: {
  index: number;
  name: 'audio' | 'lyricsFile';
  label: string;
  what: string;
  required?: boolean;
  hint: string;
  accept: string;
  icon: LucideIcon;
  problem: (file: File | null) => string | null;
}) {
  const form = useFormContext<SubmitSongsFormInput, unknown, SubmitSongsFormOutput>();
  const path = `songs.${index}.${name}` as const;
  const { field, fieldState } = useController({ control: form.control, name: path });
  const input = useRef<HTMLInputElement>(null);
  const { ref: register } = field;
  // The form's errors focus the zone's input.
  useEffect(() => register({ focus: () => input.current?.focus() }), [register]);
  const file = field.value;

  return (
    <FileDropZone
      {...zone}
      error={fieldState.error?.message}
      chosen={file ? { name: file.name, size: file.size } : null}
      inputRef={input}
      onFile={(chosen) => {
        field.onChange(chosen);
        const refused = problem(chosen);
        if (refused) form.setError(path, { message: refused });
        else form.clearErrors(path);
      }}
      onRemove={() => {
        field.onChange(null);
        form.clearErrors(path);
        input.current?.focus();
      }}
    />
  );
}
