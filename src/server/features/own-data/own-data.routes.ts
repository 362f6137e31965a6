import { Hono } from 'hono';
import * as MESSAGES from '../../../common/messages';
import { PersonalDataExportSchema } from '../../../common/responses/own-data';
import { UserIdParamSchema } from '../../../common/schemas/admin';
import { DeleteAccountSchema } from '../../../common/schemas/own-data';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import type { EmailContext } from '../../emails/layout';
import type { AppEnv } from '../../lib/hono-env';
import { responds } from '../../lib/respond';
import { validate } from '../../lib/validate';
import { actorOf } from '../../middleware/require-user';
import {
  deleteAccountOnRequest,
  deleteOwnAccount,
  exportFileName,
  exportPersonalData,
  exportPersonalDataForAdmin,
} from './own-data.service';
import { endpoint } from '../../middleware/endpoint';

interface Deps {
  db: Db;
  storage: Storage;
  mail: { emailCtx: EmailContext; adminEmail: string };
}

/** The export is a download: saved as a file, and never kept by a cache on the way. */
function asDownload(c: { header: (name: string, value: string) => void }) {
  c.header('Content-Disposition', `attachment; filename="${exportFileName()}"`);
  c.header('Cache-Control', 'no-store');
}

/** Mounted at /api/me: the signed-in person's own data. */
export function ownDataRoutes({ db, storage, mail }: Deps) {
  return new Hono<AppEnv>()
    .get(
      '/data',
      endpoint({ access: 'user', summary: "Download one's own data as JSON" }),
      responds(PersonalDataExportSchema),
      async (c) => {
        const data = await exportPersonalData({ db, userId: actorOf(c).id });
        asDownload(c);
        return c.var.reply(data);
      },
    )
    .delete(
      '/',
      endpoint({
        access: 'user-not-admin',
        summary: "Delete one's own account, confirmed with the password",
        status: 204,
        refusesAdmin: MESSAGES.ownData.adminCannotBeDeleted,
      }),
      validate('json', DeleteAccountSchema),
      async (c) => {
        await deleteOwnAccount({ db, storage, mail, actor: actorOf(c), input: c.req.valid('json') });
        return c.body(null, 204);
      },
    );
}

/** Mounted at /api/admin/users, which requires the admin role: the same, for a person who asks an admin. */
export function adminOwnDataRoutes({ db, storage, mail }: Deps) {
  return new Hono<AppEnv>()
    .get(
      '/:userId/data',
      endpoint({ access: 'admin', summary: "Download a user's data as JSON, on their request" }),
      validate('param', UserIdParamSchema),
      responds(PersonalDataExportSchema),
      async (c) => {
        const data = await exportPersonalDataForAdmin({ db, admin: actorOf(c), userId: c.req.valid('param').userId });
        asDownload(c);
        return c.var.reply(data);
      },
    )
    .delete(
      '/:userId',
      endpoint({ access: 'admin', summary: "Delete a user's account, on their request", status: 204 }),
      validate('param', UserIdParamSchema),
      async (c) => {
        await deleteAccountOnRequest({ db, storage, mail, admin: actorOf(c), userId: c.req.valid('param').userId });
        return c.body(null, 204);
      },
    );
}
