import type { MeResponse } from './responses';

/**
 * Every page path of the web app. The router builds from these, and the server answers 404 (with the
 * app's 404 page) for anything else, logging the bad path.
 */
export const PAGE_PATHS = {
  home: '/',
  about: '/about',
  services: '/services',
  faqs: '/faqs',
  contact: '/contact',
  thanks: '/thanks',
  signup: '/signup',
  auth: '/auth',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  previewRequest: '/preview-request',
  previewSignup: '/preview-signup',
  previewStatus: '/preview-status',
  account: '/account',
  unsubscribe: '/unsubscribe',
  songwriterSignup: '/songwriter-signup',
  songwriterProfile: '/songwriter-profile',
  songwriterQuestionnaire: '/songwriter-questionnaire',
  songwriterOrder: '/songwriter-order',
  songwriterDashboard: '/songwriter-dashboard',
  submitSong: '/submit-song',
  submissionConfirmation: '/submission-confirmation',
  songwriterReview: '/songwriter/review/:reviewId',
  testCheckout: '/test-checkout/:sessionId',
  songs: '/songs',
  song: '/songs/:slug',
  myHolds: '/my-holds',
  playlists: '/playlists',
  playlist: '/playlists/:id',
  myBriefs: '/my-briefs',
  newBrief: '/my-briefs/new',
  briefs: '/briefs',
  pitch: '/p/:token',
  shares: '/shares',
  share: '/shares/:id',
  admin: '/admin',
  adminDashboard: '/admin/dashboard',
  adminOutbox: '/admin/outbox',
  adminAudit: '/admin/audit',
  adminPreviewRequests: '/admin/preview-requests',
  adminCreateAccount: '/admin/create-account',
  adminPreviewActivity: '/admin/preview-activity',
  adminSongs: '/admin/songs',
  adminSongNew: '/admin/songs/new',
  adminSongImport: '/admin/songs/import',
  adminSongEdit: '/admin/songs/edit/:id',
  adminComments: '/admin/comments',
  adminSongwriterReviews: '/admin/songwriter-reviews',
  adminSongwriterReview: '/admin/songwriter-reviews/:id',
  adminAllUsers: '/admin/all-users',
  adminCustomers: '/admin/customers',
  adminResetSongwriter: '/admin/reset-songwriter',
  adminPitchLinks: '/admin/pitch-links',
  adminPitchLinkNew: '/admin/pitch-links/new',
  adminPitchActivity: '/admin/pitch-activity',
  adminPitchPipeline: '/admin/pitch-pipeline',
  adminBriefs: '/admin/briefs',
  adminLedger: '/admin/ledger',
  adminSettings: '/admin/settings',
} as const;

export type PagePath = (typeof PAGE_PATHS)[keyof typeof PAGE_PATHS];

/** Patterns with `:param` segments, for pages such as /songs/:slug. */
const PATTERNS: readonly string[] = Object.values(PAGE_PATHS);

/** Public pages rendered to HTML at build time: they paint before any script runs. */
export const PRERENDERED_PATHS = [PAGE_PATHS.home, PAGE_PATHS.about, PAGE_PATHS.services, PAGE_PATHS.faqs, PAGE_PATHS.contact] as const;

/** The pages search engines may list (sitemap.xml): the public site and the two ways in. */
export const SITEMAP_PATHS = [...PRERENDERED_PATHS, PAGE_PATHS.previewRequest, PAGE_PATHS.songwriterSignup] as const;

/**
 * Sitemap pages whose body depends on the caller, so the build prerenders only their <head>: title,
 * description and share card, for link previews that run no script. The app draws the body.
 */
export const HEAD_PRERENDERED_PATHS = [PAGE_PATHS.previewRequest, PAGE_PATHS.songwriterSignup] as const;

/** Each listed page's share image (Open Graph and Twitter cards): made by scripts/make-share-images.ts. */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;
export function shareImagePath(pathname: (typeof SITEMAP_PATHS)[number]): string {
  return `/share/${pathname === '/' ? 'home' : pathname.slice(1).replaceAll('/', '-')}.png`;
}
export const isSitemapPath = (pathname: string): pathname is (typeof SITEMAP_PATHS)[number] =>
  (SITEMAP_PATHS as readonly string[]).includes(pathname);

/**
 * Path prefixes search engines are asked to leave alone (robots.txt): the API, the private catalogue, pitch
 * links (one recipient each), signed-in areas, and an e-mail's unsubscribe link (one buyer's signed token).
 */
export const CRAWL_DISALLOWED_PREFIXES = [
  '/api/',
  '/admin',
  '/songs',
  '/my-holds',
  '/playlists',
  '/my-briefs',
  '/briefs',
  '/shares',
  '/p/',
  PAGE_PATHS.songwriterDashboard,
  PAGE_PATHS.songwriterProfile,
  PAGE_PATHS.songwriterQuestionnaire,
  PAGE_PATHS.songwriterOrder,
  '/songwriter/',
  PAGE_PATHS.submitSong,
  '/test-checkout/',
  PAGE_PATHS.unsubscribe,
] as const;

/**
 * Signed-in pages also prerendered, as a shell: header, heading and a skeleton where the data goes, drawn for
 * a caller who may open them (web/prerender.tsx). The server sends a shell only to such a caller and only
 * when the address has no query (a shell's filters are empty); anyone else gets the empty page as before.
 */
export const PRERENDERED_SHELLS = [PAGE_PATHS.songs] as const;

export function isPrerenderedShell(pathname: string): boolean {
  return (PRERENDERED_SHELLS as readonly string[]).includes(pathname);
}

/** Who may open the catalogue's pages (/songs and a song): preview users and admins. The API enforces it. */
export function mayBrowseCatalogue(me: MeResponse): boolean {
  return Boolean(me.user && (me.isPreview || me.isAdmin));
}

/** Where the build writes a prerendered page, relative to the web root. */
export function prerenderedFile(pathname: string): string {
  return `prerendered/${pathname === '/' ? 'index' : pathname.slice(1)}.html`;
}

/**
 * The element of every served page that carries its caller, as /api/me would answer (server/web-app.ts), so
 * the app's first render knows who is there without a round trip.
 */
export const CALLER_IN_PAGE_ID = 'pitchroom-caller';

export function isKnownPagePath(pathname: string): boolean {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PATTERNS.some((pattern) => {
    const a = pattern.split('/');
    const b = clean.split('/');
    return a.length === b.length && a.every((seg, i) => (seg.startsWith(':') ? (b[i] ?? '') !== '' : seg === b[i]));
  });
}

/** A page path with its `:param` segments filled in (each value URL-encoded): pathTo(PAGE_PATHS.song, { slug }). */
export function pathTo(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`pathTo: missing :${name} for ${pattern}`);
    return encodeURIComponent(value);
  });
}

/** The page an e-mail's unsubscribe link opens (?token=): it turns the weekly new-songs e-mail off, no sign-in needed. */
export function unsubscribePath(token: string): string {
  return `${PAGE_PATHS.unsubscribe}?token=${encodeURIComponent(token)}`;
}

/** The admin's pitch links with one link open (?link=), as e-mails and the activity pages link to it. */
export function adminPitchLinkPath(linkId: string): string {
  return `${PAGE_PATHS.adminPitchLinks}?link=${encodeURIComponent(linkId)}`;
}

/** The admin's preview activity with one listener chosen (?user=). */
export function adminPreviewUserPath(userId: string): string {
  return `${PAGE_PATHS.adminPreviewActivity}?user=${encodeURIComponent(userId)}`;
}

/** The admin's preview activity with one song chosen (?song=). */
export function adminPreviewSongPath(songId: string): string {
  return `${PAGE_PATHS.adminPreviewActivity}?song=${encodeURIComponent(songId)}`;
}

/**
 * The dashboard a checkout returns to (?order_success=true), with the session when we know it; Stripe adds
 * its own session_id to a return without one.
 */
export function checkoutReturnPath(sessionId?: string): string {
  const session = sessionId === undefined ? '' : `&session_id=${encodeURIComponent(sessionId)}`;
  return `${PAGE_PATHS.songwriterDashboard}?order_success=true${session}`;
}

/** The dashboard confirming a claim by e-mail (?claim_token=), the link the claim e-mail sends. */
export function claimOrdersPath(token: string): string {
  return `${PAGE_PATHS.songwriterDashboard}?claim_token=${encodeURIComponent(token)}`;
}

/** The query parameter that carries the page a signed-out visitor was on their way to. */
export const RETURN_TO_PARAM = 'next';

/**
 * The page to return to after signing in, when `value` names one of this site's own pages; otherwise null, so
 * a crafted link (`//evil.example`, `https://…`, `/\evil`) can never send anyone off the site.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(value, 'https://this.site');
  } catch {
    return null;
  }
  if (url.origin !== 'https://this.site' || !isKnownPagePath(url.pathname) || url.pathname === PAGE_PATHS.auth) return null;
  return url.pathname + url.search + url.hash;
}

/** `path` with the page to return to after signing in, when there is one worth returning to. */
export function withReturnTo(path: string, returnTo: string | null | undefined): string {
  const next = safeReturnPath(returnTo);
  return next && next !== PAGE_PATHS.home ? `${path}?${RETURN_TO_PARAM}=${encodeURIComponent(next)}` : path;
}
