/**
 * The journeys run under a site name of their own (not the default), set for the build and the server alike
 * by global-setup.ts: a page that still said the default name would fail them.
 */
export const E2E_SITE_NAME = 'Bluebird Row Songs';
