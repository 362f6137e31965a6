import { Hono } from 'hono';
import {
  CustomerOrdersSchema,
  CustomerPageSchema,
  AdminUserPageSchema,
  AdminDashboardSchema,
  QueueCountsSchema,
  ResetSongwriterPreviewSchema,
  ResetSongwriterResultSchema,
} from '../../../common/responses/admin';
import { UserIdParamSchema } from '../../../common/schemas/admin';
import { AllUsersQuerySchema, CustomersQuerySchema, ResetSongwriterSchema } from '../../../common/schemas/admin-ops';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { responds } from '../../lib/respond';
import { validate } from '../../lib/validate';
import { actorOf } from '../../middleware/require-user';
import { listCustomerOrders, listCustomers } from './customers.service';
import { getDashboardStats, getNewestPendingReviews, getPlaysPerDay, getQueueCounts, getReviewRatingSummary } from './dashboard.service';
import { previewSongwriterReset, resetSongwriter } from './reset-songwriter.service';
import { listAllUsers } from './users.service';
import { endpoint } from '../../middleware/endpoint';

/** Mounted under /api/admin, which requires the admin role. */
export function adminOperationsRoutes({
  db,
  storage,
  now = () => new Date(),
}: {
  db: Db;
  storage: Storage;
  /** The clock of overdue reviews and this month's late ones (tests pass their own). */
  now?: () => Date;
}) {
  return new Hono<AppEnv>()
    .get(
      '/dashboard',
      endpoint({ access: 'admin', summary: 'Figures, plays per day and newest pending reviews' }),
      responds(AdminDashboardSchema),
      async (c) => {
        const [stats, playsPerDay, pendingReviews, reviewRatings] = await Promise.all([
          getDashboardStats(db, now()),
          getPlaysPerDay(db),
          getNewestPendingReviews(db),
          getReviewRatingSummary(db),
        ]);
        return c.var.reply({ stats, playsPerDay, pendingReviews, reviewRatings });
      },
    )
    .get(
      '/queue-counts',
      endpoint({ access: 'admin', summary: 'How many preview requests, comments, overdue reviews and pitch replies wait' }),
      responds(QueueCountsSchema),
      async (c) => {
        c.header('Cache-Control', 'private, no-store');
        return c.var.reply(await getQueueCounts(db, now()));
      },
    )
    .get(
      '/users',
      endpoint({ access: 'admin', summary: 'Every user, filtered and paged' }),
      validate('query', AllUsersQuerySchema),
      responds(AdminUserPageSchema),
      async (c) => c.var.reply(await listAllUsers({ db, query: c.req.valid('query') })),
    )
    .get(
      '/customers',
      endpoint({ access: 'admin', summary: 'Customers and their orders' }),
      validate('query', CustomersQuerySchema),
      responds(CustomerPageSchema),
      async (c) => c.var.reply(await listCustomers({ db, query: c.req.valid('query') })),
    )
    .get(
      '/customers/:userId/orders',
      endpoint({ access: 'admin', summary: "One customer's orders" }),
      validate('param', UserIdParamSchema),
      responds(CustomerOrdersSchema),
      async (c) => c.var.reply(await listCustomerOrders({ db, userId: c.req.valid('param').userId })),
    )
    .get(
      '/reset-songwriter',
      endpoint({ access: 'admin', summary: 'What a reset of this address would do, before the admin confirms' }),
      validate('query', ResetSongwriterSchema),
      responds(ResetSongwriterPreviewSchema),
      async (c) => c.var.reply(await previewSongwriterReset({ db, email: c.req.valid('query').email })),
    )
    .post(
      '/reset-songwriter',
      endpoint({ access: 'admin', summary: "Reset a songwriter's onboarding (demo and support)" }),
      validate('json', ResetSongwriterSchema),
      responds(ResetSongwriterResultSchema),
      async (c) => c.var.reply(await resetSongwriter({ db, storage, actor: actorOf(c), email: c.req.valid('json').email })),
    );
}
