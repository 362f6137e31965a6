/** What the weekly new-songs e-mail's routes answer. */
import { z } from 'zod';

/** GET and PUT /api/new-songs-mail: whether the buyer gets the weekly e-mail. */
export const NewSongsMailSettingResponseSchema = z.object({ weekly: z.boolean() });
export type NewSongsMailSetting = z.output<typeof NewSongsMailSettingResponseSchema>;
