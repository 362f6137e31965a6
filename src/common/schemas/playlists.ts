import * as z from 'zod/mini';
import { LIMITS } from '../constants';
import * as MESSAGES from '../messages';
import { optionalText, requiredText } from './fields';

const m = MESSAGES.playlists;

const name = () => requiredText(m.nameRequired, LIMITS.playlistNameMax, m.nameTooLong);
const description = () => optionalText(LIMITS.playlistDescriptionMax, m.descriptionTooLong, { multiLine: true });

/** Song ids, each once: the songs to add, or a playlist's whole order. */
const songIds = (min: number) =>
  z.array(z.uuid()).check(
    z.minLength(min, m.songsRequired),
    z.maxLength(LIMITS.playlistSongsMax, m.tooManySongs),
    z.refine((ids) => new Set(ids).size === ids.length, m.songTwice),
  );

/** A new playlist, with the songs to start it with (from "Add to playlist", "New playlist…"). */
export const PlaylistCreateSchema = z.object({
  name: name(),
  description: description(),
  songIds: z.optional(songIds(0)),
});
export type PlaylistCreateInput = z.input<typeof PlaylistCreateSchema>;
export type PlaylistCreateValues = z.output<typeof PlaylistCreateSchema>;

/** Rename or describe a playlist: only what is sent changes. */
export const PlaylistUpdateSchema = z.object({
  name: z.optional(name()),
  description: description(),
});
export type PlaylistUpdateInput = z.input<typeof PlaylistUpdateSchema>;
export type PlaylistUpdateValues = z.output<typeof PlaylistUpdateSchema>;

/** A copy of a playlist, under a name of its own (else the original's, marked a copy). */
export const PlaylistDuplicateSchema = z.object({ name: z.optional(name()) });
export type PlaylistDuplicateInput = z.input<typeof PlaylistDuplicateSchema>;

/** Songs to add at the end of a playlist; one already in it stays where it is. */
export const PlaylistAddSongsSchema = z.object({ songIds: songIds(1) });
export type PlaylistAddSongsInput = z.input<typeof PlaylistAddSongsSchema>;

/** The playlist's songs in their new order: every song of it, each once. */
export const PlaylistOrderSchema = z.object({ songIds: songIds(1) });
export type PlaylistOrderInput = z.input<typeof PlaylistOrderSchema>;

export const PlaylistSongParamSchema = z.object({ id: z.uuid('Not found'), songId: z.uuid('Not found') });
