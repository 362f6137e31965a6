import { Hono } from 'hono';
import { LedgerSchema, MyPlacementListSchema, PlacementSchema, SongPlacementsSchema } from '../../../common/responses/placements';
import { UuidParamSchema } from '../../../common/schemas/admin';
import { LedgerQuerySchema, NewPlacementSchema, PlacementFormSchema, SongPlacementsQuerySchema } from '../../../common/schemas/placements';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { responds } from '../../lib/respond';
import { validate } from '../../lib/validate';
import { actorOf } from '../../middleware/require-user';
import { ledger, myPlacements, recordPlacement, songPlacements, updatePlacement } from './placements.service';
import { endpoint } from '../../middleware/endpoint';

/** /api/placements: the songwriter's own placements. */
export function songwriterPlacementRoutes(db: Db) {
  return new Hono<AppEnv>().get(
    '/',
    endpoint({ access: 'songwriter', summary: "The songwriter's placements, with the income and their share" }),
    responds(MyPlacementListSchema),
    async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.var.reply(await myPlacements({ db, actor: actorOf(c) }));
    },
  );
}

/** /api/admin/placements: a pitched song's placements, recorded and edited by the admin; mounted under the admin router. */
export function adminPlacementRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get(
      '/',
      endpoint({ access: 'admin', summary: "A song's placements and the signed agreement it came in under" }),
      validate('query', SongPlacementsQuerySchema),
      responds(SongPlacementsSchema),
      async (c) => c.var.reply(await songPlacements({ db, songId: c.req.valid('query').songId })),
    )
    .post(
      '/',
      endpoint({ access: 'admin', summary: 'Record a placement on a pitched song; the server computes the commission' }),
      validate('json', NewPlacementSchema),
      responds(PlacementSchema, 201),
      async (c) => c.var.reply(await recordPlacement({ db, actor: actorOf(c), values: c.req.valid('json') })),
    )
    .put(
      '/:id',
      endpoint({ access: 'admin', summary: 'Edit a placement; the commission is computed again' }),
      validate('param', UuidParamSchema),
      validate('json', PlacementFormSchema),
      responds(PlacementSchema),
      async (c) => c.var.reply(await updatePlacement({ db, actor: actorOf(c), id: c.req.valid('param').id, values: c.req.valid('json') })),
    );
}

/** /api/admin/ledger: every placement's income, commission and what is owed to its writer; mounted under the admin router. */
export function adminLedgerRoutes(db: Db) {
  return new Hono<AppEnv>().get(
    '/',
    endpoint({ access: 'admin', summary: 'Every placement with income, commission and owed to the writer, by writer, with totals' }),
    validate('query', LedgerQuerySchema),
    responds(LedgerSchema),
    async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.var.reply(await ledger({ db, writer: c.req.valid('query').writer }));
    },
  );
}
