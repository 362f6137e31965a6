import { Hono } from 'hono';
import { SimilarSongsSchema } from '../../../common/responses/similarity';
import { SlugParamSchema } from '../../../common/schemas/songs';
import { SimilarSongsQuerySchema } from '../../../common/schemas/similarity';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { responds } from '../../lib/respond';
import { validate } from '../../lib/validate';
import { endpoint } from '../../middleware/endpoint';
import { similarToSong } from './similarity.service';

/** /api/songs/:slug/similar: the same callers as the song page (preview users and admins). */
export function similarityRoutes(db: Db) {
  return new Hono<AppEnv>().get(
    '/:slug/similar',
    endpoint({ access: 'catalogue', summary: 'The ten catalogue songs that sound most like this one, with why in plain words' }),
    validate('param', SlugParamSchema),
    validate('query', SimilarSongsQuerySchema),
    responds(SimilarSongsSchema),
    async (c) => {
      const answer = await similarToSong(db, c.req.valid('param').slug, c.req.valid('query').lyrics === true);
      c.header('Cache-Control', 'private, no-store');
      return c.var.reply(answer);
    },
  );
}
