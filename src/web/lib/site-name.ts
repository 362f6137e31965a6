import { DEFAULT_SITE_NAME } from '../../common/constants';

declare const __SITE_NAME__: string | undefined;

/**
 * The site name setting (SITE_NAME), compiled into the app and its prerendered
 * pages by vite.config.ts from the same environment the server reads; `npm start` builds with it. Where no
 * build defines it (unit tests), the default.
 */
export const SITE_NAME: string = typeof __SITE_NAME__ === 'string' ? __SITE_NAME__ : DEFAULT_SITE_NAME;
