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
  previewStatus: '/preview-status',
  admin: '/admin',
  adminDashboard: '/admin/dashboard',
  adminOutbox: '/admin/outbox',
} as const;

export type PagePath = (typeof PAGE_PATHS)[keyof typeof PAGE_PATHS];

/** Patterns with `:param` segments, for pages such as /songs/:slug. */
const PATTERNS: readonly string[] = Object.values(PAGE_PATHS);

export function isKnownPagePath(pathname: string): boolean {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PATTERNS.some((pattern) => {
    const a = pattern.split('/');
    const b = clean.split('/');
    return a.length === b.length && a.every((seg, i) => seg.startsWith(':') ? (b[i] ?? '') !== '' : seg === b[i]);
  });
}
