import { FileAudio, FileImage, FileText, ImageOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { AdminSong, SongAudioUpload } from '../../../../common/responses';
import { SONG_IMAGE_WEB_SIZE } from '../../../../common/constants';
import * as MESSAGES from '../../../../common/messages';
import { SONG_FILE_KINDS, songFileProblem } from '../../../../common/song-files';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { FileDropZone, type ChosenFile } from '../../../components/ui/file-drop-zone';
import { isApiError } from '../../../lib/api';
import { analysedSongAudio, uploadSongAudio, type SongFiles } from './admin-songs-api';

/** The chosen MP3 on its way to the server, which answers with the stored file and what it detected in it. */
export type AudioUpload =
  | { state: 'none' }
  | { state: 'uploading'; file: ChosenFile; fraction: number }
  | { state: 'uploaded'; file: ChosenFile; upload: SongAudioUpload }
  | { state: 'failed'; file: ChosenFile };

const chosenOf = (file: File): ChosenFile => ({ name: file.name, size: file.size });

/** A text file's lines as the Lyrics field keeps them. */
const lyricsText = (text: string) => text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** The audio file: uploaded the moment it is chosen; choosing another abandons the first upload. */
function useAudioUpload(editing: boolean, onUploaded: (upload: SongAudioUpload) => void) {
  const [audio, setAudio] = useState<AudioUpload>({ state: 'none' });
  const [audioError, setAudioError] = useState<string>();
  const audioInput = useRef<HTMLInputElement>(null);
  const uploading = useRef<AbortController | null>(null);
  /** Asking after the uploaded file's analysis, until it ends or the file gives way. */
  const analysing = useRef<AbortController | null>(null);
  /** The upload in flight: the stored file, or undefined once it failed or gave way to another file. */
  const pending = useRef<Promise<SongAudioUpload | undefined> | null>(null);
  // The newest callback, so an upload that finishes after a re-render reaches the form as it is now.
  const uploaded = useRef(onUploaded);
  useEffect(() => {
    uploaded.current = onUploaded;
  });
  useEffect(
    () => () => {
      uploading.current?.abort();
      analysing.current?.abort();
    },
    [],
  );

  const abandonAudio = () => {
    uploading.current?.abort();
    uploading.current = null;
    analysing.current?.abort();
    analysing.current = null;
    pending.current = null;
    setAudioError(undefined);
  };

  return {
    audio,
    audioError,
    audioInput,
    /** False, with the audio's message shown, when a new song has no audio chosen; focuses the input if asked. */
    audioChosen({ focus = false } = {}) {
      const message =
        audio.state === 'uploading' || audio.state === 'uploaded' || (editing && audio.state === 'none')
          ? undefined
          : (audioError ?? MESSAGES.songs.audioRequired);
      if (!message) return true;
      setAudioError(message);
      if (focus) audioInput.current?.focus();
      return false;
    },
    /** The server refused the uploaded file at saving: it must be chosen again. */
    refuseAudio(message: string) {
      setAudioError(message);
      setAudio((current) => (current.state === 'uploaded' ? { state: 'failed', file: current.file } : current));
    },
    /**
     * The id of the chosen audio once it is uploaded, waiting for an upload on its way; undefined when no file
     * was chosen, null when the chosen one failed (its message is shown).
     */
    async uploadedAudioId(): Promise<string | null | undefined> {
      if (audio.state === 'none') return undefined;
      if (audio.state === 'uploaded') return audio.upload.id;
      return (await pending.current)?.id ?? null;
    },
    chooseAudio(file: File) {
      abandonAudio();
      const chosen = chosenOf(file);
      const problem = songFileProblem('audio', file);
      if (problem) {
        setAudio({ state: 'failed', file: chosen });
        return setAudioError(problem);
      }
      const controller = new AbortController();
      uploading.current = controller;
      setAudio({ state: 'uploading', file: chosen, fraction: 0 });
      pending.current = uploadSongAudio(file, {
        signal: controller.signal,
        onProgress: (fraction) => setAudio({ state: 'uploading', file: chosen, fraction }),
      }).then(
        (upload) => {
          if (controller.signal.aborted) return undefined;
          uploading.current = null;
          setAudio({ state: 'uploaded', file: chosen, upload });
          // The tempo and key come once the server's analysis is done; the form can be saved meanwhile.
          analysing.current = controller;
          analysedSongAudio(upload, controller.signal).then(
            (analysed) => {
              if (controller.signal.aborted) return;
              setAudio({ state: 'uploaded', file: chosen, upload: analysed });
              if (analysed.analysis.state === 'done') uploaded.current(analysed);
            },
            () => undefined,
          );
          return upload;
        },
        (error: unknown) => {
          if (isAbort(error) || controller.signal.aborted) return undefined;
          uploading.current = null;
          setAudio({ state: 'failed', file: chosen });
          setAudioError((isApiError(error) && error.fields?.audio?.[0]) || MESSAGES.audioAnalysis.uploadFailed);
          return undefined;
        },
      );
    },
    removeAudio() {
      abandonAudio();
      setAudio({ state: 'none' });
    },
  };
}

/** The cover image: chosen, previewed, or the current one marked for removal. */
function useImageFile() {
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string>();
  const [imagePreview, setImagePreview] = useState<string | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
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
    image,
    removeImage,
    setRemoveImage,
    imageError,
    setImageError,
    imagePreview,
    imageInput,
    chooseImage(file: File) {
      setImage(file);
      setImageError(songFileProblem('image', file));
    },
    clearImage() {
      setImage(null);
      setImageError(undefined);
    },
  };
}

/** A lyrics file, read into the Lyrics field; Remove puts back what the field held before. */
function useLyricsFile(lyrics: { get: () => string; set: (text: string) => void }) {
  const lyricsInput = useRef<HTMLInputElement>(null);
  const [lyricsFile, setLyricsFile] = useState<{ file: ChosenFile; before: string } | null>(null);
  const [lyricsError, setLyricsError] = useState<string>();
  // Only the newest file's text lands, however the reads finish.
  const lyricsRead = useRef(0);

  return {
    lyricsInput,
    lyricsFile: lyricsFile?.file ?? null,
    lyricsError,
    async chooseLyrics(file: File) {
      const read = ++lyricsRead.current;
      const problem = songFileProblem('lyrics', file);
      setLyricsError(problem);
      if (problem) return;
      const text = lyricsText(await file.text());
      if (read !== lyricsRead.current) return;
      // Replacing a file keeps what the field held before the first one.
      const before = lyricsFile?.before ?? lyrics.get();
      lyrics.set(text);
      setLyricsFile({ file: chosenOf(file), before });
    },
    removeLyrics() {
      lyricsRead.current++;
      if (lyricsFile) lyrics.set(lyricsFile.before);
      setLyricsFile(null);
      setLyricsError(undefined);
    },
  };
}

/**
 * The song form's files: the audio (required for a new song), the cover image and a lyrics file, each with its
 * own message. The audio is uploaded the moment it is chosen, so the form can offer the tempo and key found in it
 * (`onUploaded`) while the admin fills in the rest; choosing another file abandons the first upload. A lyrics
 * file is read here into the Lyrics field (`lyrics`), and Remove puts back what the field held before.
 * The browser's checks (type, size; shared with the server's messages) only spare a useless upload; the server
 * judges the files by content.
 */
export function useSongMedia(
  song: AdminSong | undefined,
  { onUploaded, lyrics }: { onUploaded: (upload: SongAudioUpload) => void; lyrics: { get: () => string; set: (text: string) => void } },
) {
  const editing = song !== undefined;
  const { refuseAudio, ...audio } = useAudioUpload(editing, onUploaded);
  const { image, removeImage, setImageError, ...cover } = useImageFile();
  const lyricsFile = useLyricsFile(lyrics);

  return {
    song,
    editing,
    files: { image, removeImage } satisfies SongFiles,
    ...audio,
    ...cover,
    ...lyricsFile,
    /** The uploaded audio the form saves with, once its upload is done. */
    audioUploadId: audio.audio.state === 'uploaded' ? audio.audio.upload.id : undefined,
    hasErrors: Boolean(audio.audioError || cover.imageError),
    /** The server's messages for the two files, if it sent any. An upload refused at saving must be chosen again. */
    showServerErrors(fields: Partial<Record<string, string[]>>) {
      if (fields.audio?.[0]) refuseAudio(fields.audio[0]);
      if (fields.image?.[0]) setImageError(fields.image[0]);
    },
  };
}

export type SongMedia = ReturnType<typeof useSongMedia>;

/** What the audio input says: a song without audio (one from a pitch agreement) is asked for an MP3. */
function audioHint(song: AdminSong | undefined): string {
  if (!song) return 'MP3, at most 50 MB. It uploads as soon as you choose it, and its tempo and key are read.';
  if (song.audioUrl) return 'Leave empty to keep the current audio.';
  if (song.mediaPending) return song.fromAgreement ? MESSAGES.songs.agreementMediaPending : MESSAGES.songs.audioProcessingHint;
  return song.fromAgreement ? MESSAGES.songs.agreementNeedsAudio : MESSAGES.songs.publishNeedsAudio;
}

/** What became of the uploaded audio, and of its analysis: a live region, so a screen reader hears it. */
function AudioUploadStatus({ upload }: { upload: AudioUpload }) {
  if (upload.state !== 'uploaded') return <div aria-live="polite" />;
  const { analysis, detected } = upload.upload;
  const pending = analysis.state === 'queued' || analysis.state === 'running';
  const nothingFound = analysis.state === 'done' && detected.bpm === null && detected.key === null;
  return (
    <div aria-live="polite">
      <p className="text-sm text-muted-foreground">
        {MESSAGES.audioAnalysis.uploaded(upload.file.name)}
        {pending && ` ${MESSAGES.audioAnalysis.analysisPending}`}
        {nothingFound && ` ${MESSAGES.audioAnalysis.nothingDetected}`}
        {analysis.state === 'failed' && ` ${analysis.reason ?? MESSAGES.audioAnalysis.analysisFailed}`}
      </p>
    </div>
  );
}

/**
 * The Media card: the current audio to listen to; drop zones for the audio, the cover image (with its preview
 * and the current image's removal) and a lyrics file. `imageProgress` is the save's upload while it carries a
 * new image.
 */
export function SongMediaCard({ media, imageProgress }: { media: SongMedia; imageProgress?: number }) {
  const { song, editing, files, imagePreview, audio } = media;
  const shownImage = imagePreview ?? (song && !files.removeImage ? song.imageUrl : null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Media</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        {song?.audioUrl && (
          <div className="grid gap-2">
            <p className="text-sm font-medium">Current audio</p>
            <audio controls preload="none" src={song.audioUrl} aria-label={`Current audio of ${song.title}`} className="w-full" />
          </div>
        )}
        <FileDropZone
          label={song?.audioUrl ? 'Replace audio (MP3)' : 'Audio file (MP3)'}
          what="audio file"
          required={!editing}
          error={media.audioError}
          hint={audioHint(song)}
          accept={SONG_FILE_KINDS.audio.accept}
          icon={FileAudio}
          chosen={audio.state === 'none' ? null : audio.file}
          inputRef={media.audioInput}
          onFile={media.chooseAudio}
          onRemove={media.removeAudio}
          progress={audio.state === 'uploading' ? audio.fraction * 100 : undefined}
          progressLabel="Audio upload progress"
          progressText={(percent) => (percent < 100 ? MESSAGES.audioAnalysis.uploading(percent) : MESSAGES.audioAnalysis.storing)}
        >
          <AudioUploadStatus upload={audio} />
        </FileDropZone>

        <div className="grid gap-3">
          <FileDropZone
            label="Cover image"
            what="cover image"
            error={media.imageError}
            hint="JPEG, PNG or WebP, at most 15 MB. Square pictures look best. It uploads when you save."
            accept={SONG_FILE_KINDS.image.accept}
            icon={FileImage}
            chosen={files.image ? { name: files.image.name, size: files.image.size } : null}
            inputRef={media.imageInput}
            onFile={media.chooseImage}
            onRemove={media.clearImage}
            progress={files.image ? imageProgress : undefined}
            progressLabel="Cover image upload progress"
            progressText={(percent) => (percent < 100 ? `Uploading… ${percent}%` : 'Saving…')}
          />
          {shownImage && (
            <div className="flex items-start gap-4">
              <img
                src={shownImage}
                alt={files.image ? 'Preview of the chosen cover image' : 'Current cover image'}
                width={SONG_IMAGE_WEB_SIZE}
                height={SONG_IMAGE_WEB_SIZE}
                className="size-28 shrink-0 rounded-lg border border-border bg-muted object-cover"
              />
              {!files.image && (
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
        </div>

        <FileDropZone
          label="Lyrics file"
          what="lyrics file"
          error={media.lyricsError}
          hint="A plain-text (.txt) file: its text goes into the Lyrics field for you to check. Remove puts back what was there."
          accept={SONG_FILE_KINDS.lyrics.accept}
          icon={FileText}
          chosen={media.lyricsFile}
          inputRef={media.lyricsInput}
          onFile={(file) => void media.chooseLyrics(file)}
          onRemove={media.removeLyrics}
        >
          <p aria-live="polite" className="text-sm text-muted-foreground empty:hidden">
            {media.lyricsFile && MESSAGES.songs.lyricsFileRead(media.lyricsFile.name)}
          </p>
        </FileDropZone>
      </CardContent>
    </Card>
  );
}
