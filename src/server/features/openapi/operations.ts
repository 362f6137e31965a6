import type { z } from 'zod';
import { LIMITS } from '../../../common/constants';
import { STORED_MEDIA_TYPES } from '../../adapters/storage/sniff';
import { SubmissionSchema } from '../../../common/schemas/reviews';
import { SongAudioUploadFormSchema } from '../../../common/schemas/song-audio';
import { RewriteSchema } from '../../../common/schemas/rewrites';
import { SongFormSchema } from '../../../common/schemas/songs';

/** A file part of a multipart upload. */
export interface FilePart {
  description: string;
  required?: boolean;
  maxBytes: number;
}

/** Uploads read their fields as JSON in a `data` part beside the files (lib/multipart.ts). */
export interface MultipartBody {
  data: z.core.$ZodType;
  files: Record<string, FilePart>;
  flags?: Record<string, string>;
}

/**
 * What the routes cannot say about themselves: a summary, a 204 (a route with a body declares its status
 * with `responds`), the successes a handler sends itself (files, CSV, redirects), and the bodies read inside
 * the handler (multipart uploads, the webhook). better-auth describes its own endpoints (auth-operations.ts).
 * Parameters, queries, JSON bodies and success bodies come from the routes' own middleware. A real route without an entry here fails tests/api/openapi.test.ts.
 */
export interface OperationInfo {
  summary: string;
  status?: 200 | 201 | 204;
  multipart?: MultipartBody;
  /** A raw body the handler reads itself (its media type and a note). */
  rawBody?: { mediaType: string; description: string };
  /** Successes that are no JSON body declared with `responds`: a file's bytes, a CSV, a redirect; by status. */
  answers?: Record<number, OtherAnswer>;
}

/** A success the route sends itself, as its Content-Type says it, or a redirect. */
export interface OtherAnswer {
  description: string;
  /** The body's media types; text/* bodies are strings, the others binary. */
  mediaTypes?: readonly string[];
  /** The body's JSON Schema, for a JSON body no `responds` declares. */
  schema?: Record<string, unknown>;
  /** A redirect: where its Location header points. */
  location?: string;
}

/** A file sent as an attachment, built for the request and never cached. */
const download = (mediaType: string, what: string): Record<number, OtherAnswer> => ({
  200: { description: `${what}, as an attachment (Content-Disposition) that no cache keeps.`, mediaTypes: [mediaType] },
});
const mp3 = download('audio/mpeg', "The song's MP3, its credits and cover in ID3 tags");
const lyricSheet = download('application/pdf', "The song's one-page lyric sheet");
const signedAgreement = download('application/pdf', 'The signed agreement');

/** A stored file: whole, a byte range of it, or (files kept in S3) a redirect to the store. */
const storedFile: Record<number, OtherAnswer> = {
  200: { description: 'The whole file, in the type it was stored as (uploads are checked by content).', mediaTypes: STORED_MEDIA_TYPES },
  206: { description: 'The byte range the Range header asked for.', mediaTypes: STORED_MEDIA_TYPES },
  302: {
    description: "Files kept in S3: the store's presigned link, which lives no longer than this link.",
    location: 'A presigned GET of the object in S3, with its type and name as response headers.',
  },
};

/** The OpenAPI document itself, JSON no `responds` declares (its schema is OpenAPI's own). */
const OPENAPI_DOCUMENT_SCHEMA = {
  type: 'object',
  description: 'An OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.0).',
  required: ['openapi', 'info', 'paths'],
  properties: { openapi: { type: 'string', pattern: '^3\\.1\\.\\d+$' }, info: { type: 'object' }, paths: { type: 'object' } },
};

const audio = (maxBytes: number, kinds: string): FilePart => ({ description: `${kinds}, checked by content`, maxBytes });
const songForm = (creating: boolean): MultipartBody => ({
  data: SongFormSchema,
  files: {
    // A new song needs audio: this part, or an upload named in `audioUploadId` (POST /api/admin/song-audio).
    audio: audio(LIMITS.songAudioMaxBytes, 'MP3 (or name an upload in audioUploadId)'),
    image: { description: 'JPEG, PNG or WebP cover, checked by content and pixel count', maxBytes: LIMITS.songImageMaxBytes },
  },
  ...(creating ? {} : { flags: { removeImage: "'true' removes the current cover" } }),
});

export const OPERATIONS: Record<string, OperationInfo> = {
  // In the document, one operation per better-auth endpoint of the method, as better-auth describes it (AUTH_REDIRECTS).
  'GET /api/auth/*': { summary: 'better-auth endpoints read with GET (get-session, verify-email, ...)' },
  'POST /api/auth/*': {
    summary: 'better-auth endpoints (sign-up/email, sign-in/email, sign-out, request-password-reset, reset-password, ...)',
  },
  'GET /api/health': { summary: 'Liveness: the process answers' },
  'GET /api/health/ready': { summary: 'Readiness: the process and its database answer' },
  'GET /api/me': { summary: 'The signed-in user and roles, or null' },
  'GET /api/me/data': { summary: "Download one's own data as JSON" },
  'DELETE /api/me': { summary: "Delete one's own account, confirmed with the password", status: 204 },
  'POST /api/contact': { summary: 'Send a message to the team' },
  'POST /api/client-errors': {
    summary: 'Report an error React recovered from in the browser (a hydration mismatch), for the server log',
    status: 204,
  },
  'GET /api/openapi.json': {
    summary: 'This document',
    answers: { 200: { description: 'This document.', mediaTypes: ['application/json'], schema: OPENAPI_DOCUMENT_SCHEMA } },
  },

  'GET /api/songs': { summary: 'The active catalogue, filtered and paged' },
  'GET /api/songs/:slug': { summary: 'One active song with lyrics, audio and approved comments' },
  'POST /api/songs/:slug/comments': { summary: 'Comment on a song (held for moderation)' },
  'GET /api/songs/:slug/mp3': {
    summary: "The song's MP3 with its credits in ID3 tags (audio/mpeg), for a download-allowed caller",
    answers: mp3,
  },
  'GET /api/songs/:slug/lyric-sheet': {
    summary: "The song's one-page lyric sheet (application/pdf), for a download-allowed caller",
    answers: lyricSheet,
  },
  'POST /api/plays': { summary: 'Record the start of a play' },
  'PATCH /api/plays/:id': { summary: "Update one's own play with the time listened and the furthest point reached" },
  'GET /api/files/:token': {
    summary: 'Download or stream a stored file through a signed link (Range supported)',
    answers: storedFile,
  },
  'GET /api/song-responses': { summary: "The caller's holds and passes, newest first" },
  'PUT /api/song-responses/:id': { summary: 'Hold (with an optional note) or pass on a song' },
  'DELETE /api/song-responses/:id': { summary: "Clear one's hold or pass on a song", status: 204 },

  'GET /api/pitch/:token': { summary: "A pitch link's page: its message and songs, with stream-only media links" },
  'POST /api/pitch/:token/plays': { summary: "Record the start of a pitch link recipient's play" },
  'PATCH /api/pitch/:token/plays/:id': { summary: "Update a pitch link recipient's play" },
  'PUT /api/pitch/:token/responses/:id': { summary: "A pitch link recipient's hold or pass on a song of the link" },
  'DELETE /api/pitch/:token/responses/:id': { summary: "Clear a pitch link recipient's hold or pass", status: 204 },
  'POST /api/pitch/:token/replies': { summary: "A pitch link recipient's message to the admin who sent the link" },
  'GET /api/pitch/:token/songs/:id/mp3': {
    summary: "A link song's MP3 with its credits in ID3 tags (audio/mpeg), when the link allows downloads",
    answers: mp3,
  },
  'GET /api/pitch/:token/songs/:id/lyric-sheet': {
    summary: "A link song's lyric sheet (application/pdf), when the link allows downloads",
    answers: lyricSheet,
  },

  'POST /api/preview-requests': { summary: 'Request preview access' },
  'GET /api/preview-requests/mine': { summary: "The signed-in user's preview request" },

  'POST /api/songwriters/sign-up': { summary: 'Create a songwriter account (step 1)' },
  'POST /api/songwriters/join': {
    summary: 'Add the songwriter role and a username to the signed-in account (step 1 for an existing account)',
  },
  'GET /api/songwriters/me': { summary: 'Onboarding state: profile, questionnaire, next step' },
  'PUT /api/songwriters/me/profile': { summary: 'Save the profile (step 2)' },
  'PUT /api/songwriters/me/questionnaire': { summary: 'Save the questionnaire (step 3)' },
  'POST /api/songwriters/me/checkout': { summary: 'Start a checkout for a review package' },
  'GET /api/songwriters/me/credit': { summary: "The songwriter's unspent account credit and what it takes off each package" },
  'GET /api/songwriters/me/orders': { summary: "The songwriter's paid orders" },
  'GET /api/songwriters/me/orders/:id': { summary: "One of the songwriter's paid orders" },
  'GET /api/songwriters/me/reviews': { summary: 'Recent reviews and unread messages' },
  'POST /api/songwriters/me/claim': { summary: 'Claim the paid order of a checkout session' },
  'POST /api/songwriters/me/claim-email': { summary: 'Claim orders paid with an e-mail address' },
  'POST /api/songwriters/me/claim-email/confirm': { summary: 'Confirm a claim by e-mail with its token' },
  'GET /api/test-checkout/:sessionId': { summary: 'The built-in test checkout page data' },
  'POST /api/test-checkout/:sessionId/pay': { summary: 'Pay on the built-in test checkout' },
  'POST /api/payments/stripe/webhook': {
    summary: 'Stripe checkout.session.completed events',
    rawBody: { mediaType: 'application/json', description: 'The event exactly as Stripe signed it (Stripe-Signature header).' },
  },
  'POST /api/submissions': {
    summary: 'Submit one song of a paid order',
    multipart: {
      data: SubmissionSchema,
      files: {
        audio: { ...audio(LIMITS.submissionAudioMaxBytes, 'MP3, WAV or M4A'), required: true },
        lyricsFile: {
          description: 'TXT, PDF, DOC, DOCX or Pages, checked by content (archives by their unpacked size)',
          maxBytes: LIMITS.lyricsFileMaxBytes,
        },
      },
    },
  },
  'GET /api/reviews/:id': { summary: "One of the songwriter's reviews with its conversation" },
  'POST /api/reviews/:id/rewrite': {
    summary: 'Send the one free rewrite of a song whose review suggested one',
    multipart: {
      data: RewriteSchema,
      files: { audio: audio(LIMITS.submissionAudioMaxBytes, 'MP3, WAV or M4A') },
    },
  },
  'POST /api/reviews/:id/messages': { summary: 'Message the reviewer' },
  'POST /api/reviews/:id/rating': { summary: 'Rate a sent review, once' },
  'GET /api/reviews/:id/studio': { summary: "The submission's waveform, and the reviewer's time-coded notes once the review is sent" },
  'GET /api/pitch-agreements': { summary: "The songwriter's pitch agreements, offered and answered, newest first" },
  'GET /api/pitch-agreements/:id': { summary: 'One pitch agreement with the text to sign' },
  'GET /api/pitch-agreements/:id/pdf': { summary: 'The signed agreement as a PDF (application/pdf)', answers: signedAgreement },
  'POST /api/pitch-agreements/:id/accept': { summary: "Sign a pitch agreement with one's full legal name" },
  'POST /api/pitch-agreements/:id/decline': { summary: 'Decline a pitch agreement, with an optional reason' },
  'GET /api/pitch-report': {
    summary: "The songwriter's pitched songs: listeners, plays, average listen depth, holds and passes (no listener named)",
  },
  'GET /api/placements': { summary: "The songwriter's placements, with the income and their share" },

  'GET /api/admin/outbox': { summary: 'Queued and sent e-mails' },
  'GET /api/admin/outbox-hold': { summary: 'Whether a restore paused sending, and how many e-mails wait' },
  'POST /api/admin/outbox-hold/release': { summary: "End a restore's pause: send the backup's e-mails, or discard them" },
  'GET /api/admin/outbox/:id': { summary: 'One e-mail' },
  'GET /api/admin/audit': { summary: 'The audit trail of admin actions, newest first (read only)' },
  'GET /api/admin/songs': { summary: 'Every song, in catalogue order' },
  'PUT /api/admin/song-order': { summary: 'Reorder the catalogue' },
  'POST /api/admin/song-audio': {
    summary: "Upload a song's MP3 ahead of saving the song; answers the tempo and key detected in it",
    multipart: {
      data: SongAudioUploadFormSchema,
      files: { audio: { ...audio(LIMITS.songAudioMaxBytes, 'MP3, decoded for its waveform, tempo and key'), required: true } },
    },
  },
  'POST /api/admin/songs': { summary: 'Add a song', multipart: songForm(true) },
  'POST /api/admin/song-import/preview': { summary: 'Check a CSV of songs row by row against the uploaded MP3s, saving nothing' },
  'POST /api/admin/song-import': { summary: 'Import every song of a CSV, unpublished, or none when any row has a problem' },
  'GET /api/admin/song-export': {
    summary: 'The whole catalogue as a CSV download (text/csv)',
    answers: download('text/csv', 'One row per song, UTF-8 with a byte-order mark'),
  },
  'GET /api/admin/songs/:id': { summary: 'One song for editing' },
  'PUT /api/admin/songs/:id': { summary: 'Edit a song', multipart: songForm(false) },
  'PATCH /api/admin/songs/:id/active': { summary: 'Show or hide a song' },
  'DELETE /api/admin/songs/:id': { summary: 'Delete a song', status: 204 },
  'GET /api/admin/comments': { summary: 'Comments for moderation' },
  'PATCH /api/admin/comments/:id': { summary: 'Approve a comment' },
  'DELETE /api/admin/comments/:id': { summary: 'Delete a comment', status: 204 },
  'GET /api/admin/settings': { summary: 'The site settings: the company, its governing law, and how commenters are shown' },
  'PUT /api/admin/settings': { summary: 'Save the site settings' },
  'GET /api/admin/preview-requests': { summary: 'Preview access requests' },
  'POST /api/admin/preview-requests/:id/approve': { summary: 'Approve a request' },
  'POST /api/admin/preview-requests/:id/reject': { summary: 'Reject a request' },
  'POST /api/admin/preview-requests/:id/revoke': { summary: "Revoke a request's access" },
  'PUT /api/admin/preview-requests/:id/downloads': { summary: 'Set approved access to stream only or download allowed' },
  'POST /api/admin/preview-accounts': { summary: 'Create a preview account' },
  'GET /api/admin/preview-activity': { summary: 'Preview users and song listening' },
  'GET /api/admin/preview-activity/users/:userId/plays': { summary: "One preview user's plays" },
  'GET /api/admin/preview-activity/users/:userId/downloads': { summary: "One preview user's downloads" },
  'GET /api/admin/preview-activity/songs/:songId': { summary: "One song's drop-off chart and its listeners with how far each got" },
  'GET /api/admin/reviews': { summary: 'Reviews, pending or completed' },
  'GET /api/admin/unread-messages': { summary: 'Unread messages from songwriters' },
  'GET /api/admin/reviews/:id': { summary: 'One review with its submission and conversation' },
  'PUT /api/admin/reviews/:id/draft': { summary: 'Save a review draft' },
  'POST /api/admin/reviews/:id/send': { summary: 'Send a review to the songwriter' },
  'POST /api/admin/reviews/:id/messages': { summary: 'Message the songwriter' },
  'GET /api/admin/reviews/:id/studio': { summary: "The submission's waveform and the review's time-coded notes" },
  'POST /api/admin/reviews/:id/notes': { summary: 'Add a time-coded note to a review not yet sent' },
  'PATCH /api/admin/reviews/:id/notes/:noteId': { summary: "Change a note's text or moment until the review is sent" },
  'DELETE /api/admin/reviews/:id/notes/:noteId': { summary: 'Delete a note until the review is sent', status: 204 },
  'GET /api/admin/pitch-agreements': { summary: "A review's pitch agreements, newest first" },
  'POST /api/admin/pitch-agreements': { summary: 'Offer to pitch a reviewed song, and e-mail the songwriter' },
  'POST /api/admin/pitch-agreements/:id/withdraw': { summary: 'Withdraw an unanswered offer' },
  'GET /api/admin/pitch-agreements/:id/pdf': { summary: 'A signed agreement as a PDF (application/pdf)', answers: signedAgreement },
  'GET /api/admin/pitch-pipeline': { summary: 'Every pitch agreement by stage, with a count per stage' },
  'GET /api/admin/placements': { summary: "A song's placements and the signed agreement it came in under" },
  'POST /api/admin/placements': { summary: 'Record a placement on a pitched song; the server computes the commission' },
  'PUT /api/admin/placements/:id': { summary: 'Edit a placement; the commission is computed again' },
  'GET /api/admin/ledger': { summary: 'Every placement with income, commission and owed to the writer, by writer, with totals' },
  'GET /api/admin/dashboard': { summary: 'Figures, plays per day and newest pending reviews' },
  'GET /api/admin/queue-counts': { summary: 'How many preview requests, comments, overdue reviews and pitch replies wait' },
  'GET /api/admin/users': { summary: 'Every user, filtered and paged' },
  'GET /api/admin/users/:userId/data': { summary: "Download a user's data as JSON, on their request" },
  'DELETE /api/admin/users/:userId': { summary: "Delete a user's account, on their request", status: 204 },
  'GET /api/admin/customers': { summary: 'Customers and their orders' },
  'GET /api/admin/customers/:userId/orders': { summary: "One customer's orders" },
  'GET /api/admin/reset-songwriter': { summary: 'What a reset of this address would do, before the admin confirms' },
  'POST /api/admin/reset-songwriter': { summary: "Reset a songwriter's onboarding (demo and support)" },
  'GET /api/admin/pitch-links': { summary: 'Pitch links with status and activity counts' },
  'POST /api/admin/pitch-links': { summary: 'Create a pitch link and e-mail it to its recipient' },
  'GET /api/admin/pitch-links/:id': { summary: "One pitch link with each song's plays, furthest point and answer" },
  'PUT /api/admin/pitch-links/:id/downloads': { summary: 'Set a pitch link to stream only or download allowed' },
  'POST /api/admin/pitch-links/:id/revoke': { summary: 'Revoke a pitch link at once' },
  'GET /api/admin/song-responses': { summary: 'Holds and passes of a song or a preview user' },
  'PATCH /api/admin/song-responses/:id': { summary: "Show or hide a hold's listener company in the writer's pitch report" },
  'GET /api/admin/pitch-activity': {
    summary: 'Latest holds, passes, link opens and plays, newest first, by song and listener, paged by cursor',
  },
  'GET /api/admin/pitch-activity-export': {
    summary: 'The pitch activity, with the same filters, as a CSV download (text/csv)',
    answers: download('text/csv', 'One row per hold, pass, link open or play, UTF-8 with a byte-order mark'),
  },
};

/**
 * better-auth's endpoints that answer with a redirect, which its own description leaves out, by method and its
 * path template: where the 302 goes, and whether it is the only success (else a JSON body answers without it).
 */
export const AUTH_REDIRECTS: Record<string, { location: string; only?: boolean }> = {
  'GET /verify-email': { location: 'callbackURL, when the request names one; else the JSON body' },
  'GET /reset-password/{token}': { location: "callbackURL with the link's token, or with error=INVALID_TOKEN", only: true },
  'GET /delete-user/callback': { location: 'callbackURL, when the request names one; else the JSON body' },
  'GET /callback/{id}': { location: "The sign-in's callback URL, or its error URL", only: true },
  'POST /callback/{id}': { location: 'The same callback read with GET (for a provider that posts its answer)', only: true },
};
