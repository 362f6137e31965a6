import * as z from 'zod/mini';
import * as MESSAGES from '../messages';
import { ADDED_VERSION_KINDS, SONG_VERSION_KINDS, SONG_VERSION_LABEL_MAX } from '../song-versions';
import { LIMITS } from '../constants';
import { idText, requiredText } from './fields';

/** POST /api/admin/songs/:id/versions: the `data` part beside the file, the kind of version and its name. */
export const SongVersionFormSchema = z.object({
  kind: z.enum(ADDED_VERSION_KINDS, 'Choose the kind of version.'),
  label: requiredText(MESSAGES.songVersions.labelRequired, SONG_VERSION_LABEL_MAX),
});
export type SongVersionFormValues = z.output<typeof SongVersionFormSchema>;

/** DELETE /api/admin/songs/:id/versions/:kind */
export const SongVersionParamSchema = z.object({
  id: z.uuid('Not found'),
  kind: z.enum(ADDED_VERSION_KINDS, MESSAGES.songVersions.notFound),
});

/** GET /api/songs/:slug/versions/:kind: any version, the full demo included (it answers as /mp3 does). */
export const SongVersionDownloadParamSchema = z.object({
  slug: idText(LIMITS.slugMax),
  kind: z.enum(SONG_VERSION_KINDS, MESSAGES.songVersions.notFound),
});
