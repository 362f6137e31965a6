import * as z from 'zod/mini';

/** The buyer's choice on their account page: the weekly e-mail of new songs on or off. */
export const NewSongsMailSettingSchema = z.object({ weekly: z.boolean() });
export type NewSongsMailSettingInput = z.input<typeof NewSongsMailSettingSchema>;

/** The signed token of an e-mail's unsubscribe link (no sign-in needed). */
export const NewSongsUnsubscribeSchema = z.object({ token: z.string().check(z.minLength(1), z.maxLength(2048)) });
export type NewSongsUnsubscribeInput = z.input<typeof NewSongsUnsubscribeSchema>;

/**
 * A mail service's one-click unsubscribe (RFC 8058): a form POST to the List-Unsubscribe link, its body
 * `List-Unsubscribe=One-Click`; the token is in the link's query.
 */
export const NewSongsOneClickSchema = z.object({ 'List-Unsubscribe': z.literal('One-Click') });
export type NewSongsOneClickInput = z.input<typeof NewSongsOneClickSchema>;
