import { Hono } from 'hono';
import { OkSchema } from '../../../common/responses/common';
import { ContactSchema } from '../../../common/schemas/contact';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { consumeRateLimit, RATE_RULES } from '../../lib/rate-limit';
import { responds } from '../../lib/respond';
import { validate } from '../../lib/validate';
import { sendContactMessage } from './contact.service';
import { endpoint } from '../../middleware/endpoint';

export function contactRoutes(db: Db, config: Config) {
  return new Hono<AppEnv>().post(
    '/',
    endpoint({ access: 'public', summary: 'Send a message to the team' }),
    validate('json', ContactSchema),
    responds(OkSchema, 201),
    async (c) => {
      await consumeRateLimit(db, `contact:${c.get('clientIp')}`, RATE_RULES.contact);
      await sendContactMessage({
        db,
        input: c.req.valid('json'),
        adminEmail: config.adminNotifyEmail,
        emailCtx: { siteName: config.siteName, publicUrl: config.publicUrl },
      });
      return c.var.reply({ ok: true });
    },
  );
}
