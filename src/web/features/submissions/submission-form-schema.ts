import * as z from 'zod/mini';
import { LIMITS } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { SubmissionSchema, type SubmissionInput } from '../../../common/schemas/reviews';

const m = MESSAGES.reviews;

/** What the file pickers offer; the server decides by content. */
export const AUDIO_ACCEPT = '.mp3,.wav,.m4a,audio/mpeg,audio/wav,audio/x-m4a,audio/mp4';
export const LYRICS_ACCEPT = '.txt,.pdf,.doc,.docx,.pages';
const AUDIO_EXTENSIONS: readonly string[] = ['mp3', 'wav', 'm4a'];
const LYRICS_EXTENSIONS: readonly string[] = ['txt', 'pdf', 'doc', 'docx', 'pages'];

const extensionOf = (name: string) => /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** The server's message for an audio file it would refuse, checked here by name and size before sending. */
export function audioProblem(file: File | null): string | null {
  if (!file || file.size === 0) return m.audioRequired;
  if (!AUDIO_EXTENSIONS.includes(extensionOf(file.name))) return m.audioNotAllowed;
  if (file.size > LIMITS.submissionAudioMaxBytes) return m.audioTooLarge;
  return null;
}

export function lyricsFileProblem(file: File | null): string | null {
  if (!file || file.size === 0) return null;
  if (!LYRICS_EXTENSIONS.includes(extensionOf(file.name))) return m.lyricsNotAllowed;
  if (file.size > LIMITS.lyricsFileMaxBytes) return m.lyricsTooLarge;
  return null;
}

export const LYRICS_METHODS = ['text', 'file'] as const;
export type LyricsMethod = (typeof LYRICS_METHODS)[number];

const fileOrNull = z.custom<File | null>((value) => value === null || value instanceof File);

/**
 * One song card: the shared SubmissionSchema's fields (the order id and the agreement belong to the page),
 * how the lyrics come (typed or a file) and the two files.
 */
export const SongFormSchema = z
  .extend(z.omit(SubmissionSchema, { orderId: true, agreed: true }), {
    lyricsMethod: z.enum(LYRICS_METHODS),
    audio: fileOrNull,
    lyricsFile: fileOrNull,
  })
  .check(
    z.superRefine((song, ctx) => {
      const audio = audioProblem(song.audio);
      if (audio) ctx.addIssue({ code: 'custom', path: ['audio'], message: audio });
      const lyrics = song.lyricsMethod === 'file' ? lyricsFileProblem(song.lyricsFile) : null;
      if (lyrics) ctx.addIssue({ code: 'custom', path: ['lyricsFile'], message: lyrics });
    }),
  );

/** What a card holds before its rules apply: any text, a file or none. */
const SongDraftSchema = z.object({
  title: z.string(),
  lyricsMethod: z.enum(LYRICS_METHODS),
  lyricsText: z.optional(z.string()),
  audio: fileOrNull,
  lyricsFile: fileOrNull,
  storyArc: z.string(),
  aiUsage: z.string(),
  additionalNotes: z.optional(z.string()),
});
type SongDraft = z.output<typeof SongDraftSchema>;

/** A card the songwriter has started: some text typed or a file chosen. An untouched card waits for later. */
export function isStarted(song: SongDraft): boolean {
  const texts = [song.title, song.lyricsText, song.storyArc, song.aiUsage, song.additionalNotes];
  return texts.some((text) => Boolean(text?.trim())) || song.audio !== null || song.lyricsFile !== null;
}

/**
 * The page: the songs still owed and one agreement for all of them ('Agreement Required'). Only the cards
 * started are checked and sent, each by SongFormSchema, so the songs that are ready go now and the rest later;
 * with none started, the first card says what a song needs. Untouched cards come out as null.
 */
export const SubmitSongsFormSchema = z.pipe(
  z.object({ songs: z.array(SongDraftSchema), agreed: z.boolean() }).check(
    z.superRefine((form, ctx) => {
      const started = form.songs.flatMap((song, index) => (isStarted(song) ? [index] : []));
      for (const index of started.length > 0 ? started : [0]) {
        const checked = SongFormSchema.safeParse(form.songs[index]);
        for (const issue of checked.error?.issues ?? [])
          ctx.addIssue({ code: 'custom', path: ['songs', index, ...issue.path], message: issue.message });
      }
      const agreed = SubmissionSchema.shape.agreed.safeParse(form.agreed);
      if (!agreed.success) ctx.addIssue({ code: 'custom', path: ['agreed'], message: agreed.error.issues[0]!.message });
    }),
  ),
  z.transform((form) => ({
    songs: form.songs.map((song) => (isStarted(song) ? SongFormSchema.parse(song) : null)),
    agreed: true as const,
  })),
);

export type SubmitSongsFormInput = z.input<typeof SubmitSongsFormSchema>;
export type SubmitSongsFormOutput = z.output<typeof SubmitSongsFormSchema>;
export type SongFormOutput = z.output<typeof SongFormSchema>;
export type SongFormInput = z.input<typeof SongFormSchema>;

export const emptySong = (): z.input<typeof SongDraftSchema> => ({
  title: '',
  lyricsMethod: 'text',
  lyricsText: '',
  lyricsFile: null,
  audio: null,
  storyArc: '',
  aiUsage: '',
  additionalNotes: '',
});

/** The `data` part for POST /api/submissions, in the shape SubmissionSchema reads (no nulls). */
export function submissionData(orderId: string, song: SongFormOutput, briefId?: string): SubmissionInput {
  return {
    orderId,
    briefId,
    title: song.title,
    lyricsText: song.lyricsMethod === 'text' && song.lyricsText ? song.lyricsText : undefined,
    storyArc: song.storyArc,
    aiUsage: song.aiUsage,
    additionalNotes: song.additionalNotes ?? undefined,
    agreed: true,
  };
}

/** The song's fields the server may name in a 400, as the card's field names. */
export const SONG_FIELDS = ['title', 'lyricsText', 'storyArc', 'aiUsage', 'additionalNotes', 'audio', 'lyricsFile'] as const;
