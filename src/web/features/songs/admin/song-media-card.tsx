import { ImageOff, Undo2 } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { AdminSong } from '../../../../common/responses';
import { LIMITS, SONG_IMAGE_WEB_SIZE } from '../../../../common/constants';
import * as MESSAGES from '../../../../common/messages';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import type { SongFiles } from './admin-songs-api';

const AUDIO_ACCEPT = 'audio/mpeg,.mp3';
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const IMAGE_ACCEPT = IMAGE_TYPES.join(',');
const FILE_INPUT_CLASS =
  'block w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-card file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-muted';

/**
 * The song form's files: the audio (required for a new song) and the cover image, each with its own message.
 * The browser's checks (size, image type) only spare a useless upload; the server judges the files by content.
 */
export function useSongMedia(song: AdminSong | undefined) {
  const editing = song !== undefined;
  const [audio, setAudio] = useState<File | null>(null);
  const [audioError, setAudioError] = useState<string>();
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string>();
  const [imagePreview, setImagePreview] = useState<string | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
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

  return {
    song,
    editing,
    files: { audio, image, removeImage } satisfies SongFiles,
    audioError,
    imageError,
    imagePreview,
    audioInput,
    imageInput,
    hasErrors: Boolean(audioError || imageError),
    /** False, with the audio's message shown, when a new song has no audio yet; focuses the input if asked. */
    audioChosen({ focus = false } = {}) {
      if (editing || audio) return true;
      setAudioError(MESSAGES.songs.audioRequired);
      if (focus) audioInput.current?.focus();
      return false;
    },
    /** The server's messages for the two files, if it sent any. */
    showServerErrors(fields: Partial<Record<string, string[]>>) {
      if (fields.audio?.[0]) setAudioError(fields.audio[0]);
      if (fields.image?.[0]) setImageError(fields.image[0]);
    },
    chooseAudio(event: ChangeEvent<HTMLInputElement>) {
      const file = event.target.files?.[0] ?? null;
      setAudio(file);
      setAudioError(file && file.size > LIMITS.songAudioMaxBytes ? MESSAGES.songs.audioTooLarge : undefined);
    },
    chooseImage(event: ChangeEvent<HTMLInputElement>) {
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
    },
    clearImage() {
      setImage(null);
      setImageError(undefined);
      if (imageInput.current) imageInput.current.value = '';
    },
    setRemoveImage,
  };
}

export type SongMedia = ReturnType<typeof useSongMedia>;

/** What the audio input says: a song without audio (one from a pitch agreement) is asked for an MP3. */
function audioHint(song: AdminSong | undefined): string {
  if (!song) return 'MP3, at most 50 MB.';
  if (song.audioUrl) return 'Leave empty to keep the current audio.';
  if (song.mediaPending) return MESSAGES.songs.agreementMediaPending;
  return song.fromAgreement ? MESSAGES.songs.agreementNeedsAudio : MESSAGES.songs.publishNeedsAudio;
}

/** The Media card: the current audio to listen to, the audio and image inputs, the image's preview and removal. */
export function SongMediaCard({ media }: { media: SongMedia }) {
  const { song, editing, files, imagePreview } = media;
  const shownImage = imagePreview ?? (song && !files.removeImage ? song.imageUrl : null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Media</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        {song?.audioUrl && (
          <div className="grid gap-2">
            <p className="text-sm font-medium">Current audio</p>
            <audio controls preload="none" src={song.audioUrl} aria-label={`Current audio of ${song.title}`} className="w-full" />
          </div>
        )}
        <FormField
          label={song?.audioUrl ? 'Replace audio (MP3)' : 'Audio file (MP3)'}
          required={!editing}
          error={media.audioError}
          hint={audioHint(song)}
        >
          <input ref={media.audioInput} type="file" accept={AUDIO_ACCEPT} onChange={media.chooseAudio} className={FILE_INPUT_CLASS} />
        </FormField>

        <FormField label="Cover image" error={media.imageError} hint="JPEG, PNG or WebP, at most 15 MB. Square pictures look best.">
          <input ref={media.imageInput} type="file" accept={IMAGE_ACCEPT} onChange={media.chooseImage} className={FILE_INPUT_CLASS} />
        </FormField>
        {shownImage && (
          <div className="flex items-start gap-4">
            <img
              src={shownImage}
              alt={files.image ? 'Preview of the chosen cover image' : 'Current cover image'}
              width={SONG_IMAGE_WEB_SIZE}
              height={SONG_IMAGE_WEB_SIZE}
              className="size-28 shrink-0 rounded-lg border border-border bg-muted object-cover"
            />
            {files.image ? (
              <Button type="button" variant="outline" size="sm" onClick={media.clearImage}>
                <Undo2 aria-hidden="true" />
                {song?.imageUrl ? 'Keep the current image' : 'Remove chosen image'}
              </Button>
            ) : (
              <Button type="button" variant="outline" size="sm" onClick={() => media.setRemoveImage(true)}>
                <ImageOff aria-hidden="true" />
                Remove image
              </Button>
            )}
          </div>
        )}
        {song?.imageUrl && files.removeImage && !files.image && (
          <div className="flex flex-wrap items-center gap-3 rounded-md border border-border bg-muted px-3 py-2 text-sm" role="status">
            The image will be removed when you save.
            <Button type="button" variant="link" size="sm" className="h-auto px-0" onClick={() => media.setRemoveImage(false)}>
              Undo
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
