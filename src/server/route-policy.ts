/**
 * Who may call each API route: the declared policy that tests/api/route-policy.test.ts checks against the
 * app's real route list, route by route and caller by caller. A route missing here fails that test, so no
 * route ships without a decision about who may call it.
 *
 * - public: anyone, signed in or not.
 * - user: any signed-in user (401 when signed out).
 * - user-not-admin: any signed-in user but an admin (401 signed out, 403 for admins): joining as a songwriter.
 * - catalogue: preview users and admins (401 signed out, 403 for others).
 * - songwriter: songwriters only (401 signed out, 403 for others, admins included).
 * - admin: admins only (401 signed out, 403 for others).
 * - signed-link: a signed, per-user link; without a valid one, 401/403 for everyone.
 * - webhook: server-to-server, proven by a signature, never by a session.
 * - test-checkout: songwriters, and only while the built-in test checkout is the payment provider.
 * - pitch-link: anyone holding a live pitch link's token (no account); 404 alike for unknown, revoked and expired.
 * - metrics-token: a scraper holding METRICS_TOKEN; no session opens it (401 for everyone else; 404 while unset).
 * - backup-token: `npm run backup`, holding the token derived from AUTH_SECRET; no session opens it (401 for everyone else).
 */
export type Access =
  | 'public'
  | 'user'
  | 'user-not-admin'
  | 'catalogue'
  | 'songwriter'
  | 'admin'
  | 'signed-link'
  | 'webhook'
  | 'test-checkout'
  | 'pitch-link'
  | 'metrics-token'
  | 'backup-token';

export const ROUTE_POLICY: Record<string, Access> = {
  'GET /api/auth/*': 'public',
  'POST /api/auth/*': 'public',
  'GET /metrics': 'metrics-token',
  'GET /robots.txt': 'public',
  'GET /sitemap.xml': 'public',
  'GET /backup': 'backup-token',
  'GET /api/health': 'public',
  'GET /api/health/ready': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api/me': 'public',
  'GET /api/me/data': 'user',
  'DELETE /api/me': 'user-not-admin',
  'POST /api/contact': 'public',
  'POST /api/client-errors': 'public',

  'GET /api/songs': 'catalogue',
  'GET /api/songs/:slug': 'catalogue',
  'POST /api/songs/:slug/comments': 'catalogue',
  'GET /api/songs/:slug/mp3': 'catalogue',
  'GET /api/songs/:slug/lyric-sheet': 'catalogue',
  'POST /api/plays': 'catalogue',
  'PATCH /api/plays/:id': 'catalogue',
  'GET /api/files/:token': 'signed-link',
  'GET /api/song-responses': 'catalogue',
  'PUT /api/song-responses/:id': 'catalogue',
  'DELETE /api/song-responses/:id': 'catalogue',

  'GET /api/pitch/:token': 'pitch-link',
  'POST /api/pitch/:token/plays': 'pitch-link',
  'PATCH /api/pitch/:token/plays/:id': 'pitch-link',
  'PUT /api/pitch/:token/responses/:id': 'pitch-link',
  'DELETE /api/pitch/:token/responses/:id': 'pitch-link',
  'GET /api/pitch/:token/songs/:id/mp3': 'pitch-link',
  'GET /api/pitch/:token/songs/:id/lyric-sheet': 'pitch-link',
  'POST /api/pitch/:token/replies': 'pitch-link',

  'POST /api/preview-requests': 'public',
  'GET /api/preview-requests/mine': 'user',

  'POST /api/songwriters/sign-up': 'public',
  'POST /api/songwriters/join': 'user-not-admin',
  'GET /api/songwriters/me': 'songwriter',
  'PUT /api/songwriters/me/profile': 'songwriter',
  'PUT /api/songwriters/me/questionnaire': 'songwriter',
  'POST /api/songwriters/me/checkout': 'songwriter',
  'GET /api/songwriters/me/credit': 'songwriter',
  'GET /api/songwriters/me/orders': 'songwriter',
  'GET /api/songwriters/me/orders/:id': 'songwriter',
  'GET /api/songwriters/me/reviews': 'songwriter',
  'POST /api/songwriters/me/claim': 'songwriter',
  'POST /api/songwriters/me/claim-email': 'songwriter',
  'POST /api/songwriters/me/claim-email/confirm': 'songwriter',
  'GET /api/test-checkout/:sessionId': 'test-checkout',
  'POST /api/test-checkout/:sessionId/pay': 'test-checkout',
  'POST /api/payments/stripe/webhook': 'webhook',
  'POST /api/submissions': 'songwriter',
  'GET /api/reviews/:id': 'songwriter',
  'POST /api/reviews/:id/messages': 'songwriter',
  'POST /api/reviews/:id/rating': 'songwriter',
  'GET /api/reviews/:id/studio': 'songwriter',
  'POST /api/reviews/:id/rewrite': 'songwriter',
  'GET /api/pitch-agreements': 'songwriter',
  'GET /api/pitch-agreements/:id': 'songwriter',
  'GET /api/pitch-agreements/:id/pdf': 'songwriter',
  'POST /api/pitch-agreements/:id/accept': 'songwriter',
  'POST /api/pitch-agreements/:id/decline': 'songwriter',
  'GET /api/pitch-report': 'songwriter',
  'GET /api/placements': 'songwriter',

  'GET /api/admin/outbox': 'admin',
  'GET /api/admin/outbox-hold': 'admin',
  'POST /api/admin/outbox-hold/release': 'admin',
  'GET /api/admin/outbox/:id': 'admin',
  'GET /api/admin/audit': 'admin',
  'GET /api/admin/songs': 'admin',
  'PUT /api/admin/song-order': 'admin',
  'POST /api/admin/song-audio': 'admin',
  'POST /api/admin/song-import/preview': 'admin',
  'POST /api/admin/song-import': 'admin',
  'GET /api/admin/song-export': 'admin',
  'POST /api/admin/songs': 'admin',
  'GET /api/admin/songs/:id': 'admin',
  'PUT /api/admin/songs/:id': 'admin',
  'PATCH /api/admin/songs/:id/active': 'admin',
  'DELETE /api/admin/songs/:id': 'admin',
  'GET /api/admin/comments': 'admin',
  'PATCH /api/admin/comments/:id': 'admin',
  'DELETE /api/admin/comments/:id': 'admin',
  'GET /api/admin/settings': 'admin',
  'PUT /api/admin/settings': 'admin',
  'GET /api/admin/preview-requests': 'admin',
  'POST /api/admin/preview-requests/:id/approve': 'admin',
  'POST /api/admin/preview-requests/:id/reject': 'admin',
  'POST /api/admin/preview-requests/:id/revoke': 'admin',
  'PUT /api/admin/preview-requests/:id/downloads': 'admin',
  'POST /api/admin/preview-accounts': 'admin',
  'GET /api/admin/preview-activity': 'admin',
  'GET /api/admin/preview-activity/users/:userId/plays': 'admin',
  'GET /api/admin/preview-activity/users/:userId/downloads': 'admin',
  'GET /api/admin/preview-activity/songs/:songId': 'admin',
  'GET /api/admin/reviews': 'admin',
  'GET /api/admin/unread-messages': 'admin',
  'GET /api/admin/reviews/:id': 'admin',
  'PUT /api/admin/reviews/:id/draft': 'admin',
  'POST /api/admin/reviews/:id/send': 'admin',
  'POST /api/admin/reviews/:id/messages': 'admin',
  'GET /api/admin/reviews/:id/studio': 'admin',
  'POST /api/admin/reviews/:id/notes': 'admin',
  'PATCH /api/admin/reviews/:id/notes/:noteId': 'admin',
  'DELETE /api/admin/reviews/:id/notes/:noteId': 'admin',
  'GET /api/admin/pitch-agreements': 'admin',
  'POST /api/admin/pitch-agreements': 'admin',
  'POST /api/admin/pitch-agreements/:id/withdraw': 'admin',
  'GET /api/admin/pitch-agreements/:id/pdf': 'admin',
  'GET /api/admin/pitch-pipeline': 'admin',
  'GET /api/admin/placements': 'admin',
  'POST /api/admin/placements': 'admin',
  'PUT /api/admin/placements/:id': 'admin',
  'GET /api/admin/ledger': 'admin',
  'GET /api/admin/dashboard': 'admin',
  'GET /api/admin/queue-counts': 'admin',
  'GET /api/admin/users': 'admin',
  'GET /api/admin/users/:userId/data': 'admin',
  'DELETE /api/admin/users/:userId': 'admin',
  'GET /api/admin/customers': 'admin',
  'GET /api/admin/customers/:userId/orders': 'admin',
  'GET /api/admin/reset-songwriter': 'admin',
  'POST /api/admin/reset-songwriter': 'admin',
  'GET /api/admin/pitch-links': 'admin',
  'POST /api/admin/pitch-links': 'admin',
  'GET /api/admin/pitch-links/:id': 'admin',
  'PUT /api/admin/pitch-links/:id/downloads': 'admin',
  'POST /api/admin/pitch-links/:id/revoke': 'admin',
  'GET /api/admin/song-responses': 'admin',
  'PATCH /api/admin/song-responses/:id': 'admin',
  'GET /api/admin/pitch-activity': 'admin',
  'GET /api/admin/pitch-activity-export': 'admin',
};
