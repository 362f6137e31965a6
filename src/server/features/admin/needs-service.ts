import { sql } from 'drizzle-orm';
import { isPaidOrder } from '../orders';

/** A paid order still owed songs, as SQL over the orders alias `o2`. */
const owesSongs = sql`${isPaidOrder(sql`o2.payment_status`)} and o2.songs_submitted < o2.package_size`;

/** Needs service, for the songwriter `u`: a paid order still owed songs, or a review still pending. */
export const needsService = sql`(
  exists (select 1 from orders o2 where o2.songwriter_id = u.id and ${owesSongs})
  or exists (select 1 from song_reviews sr where sr.songwriter_id = u.id and sr.status = 'pending'))`;

/** The same rule as a set: the songwriters who need service. */
export const songwritersNeedingService = sql`(
  select o2.songwriter_id from orders o2
  where o2.songwriter_id is not null and ${owesSongs}
  union
  select sr.songwriter_id from song_reviews sr where sr.songwriter_id is not null and sr.status = 'pending')`;
