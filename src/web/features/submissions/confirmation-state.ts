import * as z from 'zod/mini';

/**
 * What /submit-song hands /submission-confirmation in the navigation state. Read back through a schema:
 * history state outlives the page that wrote it (reloads, Back), so it is checked, not trusted.
 */
const songNumber = () => z.number().check(z.int(), z.minimum(1));

const ConfirmationStateSchema = z.object({
  orderId: z.string(),
  packageSize: songNumber(),
  /** Songs of the package still to send, as the server counted after the last one taken. */
  songsRemaining: z.number().check(z.int(), z.minimum(0)),
  received: z.array(
    z.object({
      songNumber: songNumber(),
      songTitle: z.string(),
      audioFileName: z.string(),
      lyrics: z.union([z.object({ kind: z.literal('file'), fileName: z.string() }), z.object({ kind: z.enum(['text', 'none']) })]),
    }),
  ),
  earlier: z.array(z.object({ songNumber: songNumber(), songTitle: z.string() })),
});

export type ConfirmationState = z.infer<typeof ConfirmationStateSchema>;
export type ReceivedSong = ConfirmationState['received'][number];

export function readConfirmationState(state: unknown): ConfirmationState | null {
  const parsed = ConfirmationStateSchema.safeParse(state);
  return parsed.success && parsed.data.received.length > 0 ? parsed.data : null;
}

/** "lyrics.pdf", "Typed in", "None" */
export function lyricsLabel(lyrics: ReceivedSong['lyrics']): string {
  return lyrics.kind === 'file' ? lyrics.fileName : lyrics.kind === 'text' ? 'Typed in' : 'None';
}
