import { Hono } from 'hono';
import { SiteSettingsResponseSchema } from '../../../common/responses/settings';
import { SiteSettingsSchema } from '../../../common/schemas/settings';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { responds } from '../../lib/respond';
import { validate } from '../../lib/validate';
import { actorOf } from '../../middleware/require-user';
import { getSiteSettings, saveSiteSettings, type SettingsDefaults } from './settings.service';

/** /api/admin/settings: the site settings, read and saved whole. */
export function adminSettingsRoutes(db: Db, defaults: SettingsDefaults) {
  return new Hono<AppEnv>()
    .get('/', responds(SiteSettingsResponseSchema), async (c) => c.var.reply(await getSiteSettings({ db, defaults })))
    .put('/', validate('json', SiteSettingsSchema), responds(SiteSettingsResponseSchema), async (c) =>
      c.var.reply(await saveSiteSettings({ db, actor: actorOf(c), values: c.req.valid('json'), defaults })),
    );
}
