import { Hono } from 'hono';
import { SiteSettingsResponseSchema } from '../../../common/responses/settings';
import { SiteSettingsSchema } from '../../../common/schemas/settings';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { responds } from '../../lib/respond';
import { validate } from '../../lib/validate';
import { actorOf } from '../../middleware/require-user';
import { getSiteSettings, saveSiteSettings, type SettingsDefaults } from './settings.service';
import { endpoint } from '../../middleware/endpoint';

/** /api/admin/settings: the site settings, read and saved whole. */
export function adminSettingsRoutes(db: Db, defaults: SettingsDefaults) {
  return new Hono<AppEnv>()
    .get(
      '/',
      endpoint({ access: 'admin', summary: 'The site settings: the company, its governing law, and how commenters are shown' }),
      responds(SiteSettingsResponseSchema),
      async (c) => c.var.reply(await getSiteSettings({ db, defaults })),
    )
    .put(
      '/',
      endpoint({ access: 'admin', summary: 'Save the site settings' }),
      validate('json', SiteSettingsSchema),
      responds(SiteSettingsResponseSchema),
      async (c) => c.var.reply(await saveSiteSettings({ db, actor: actorOf(c), values: c.req.valid('json'), defaults })),
    );
}
