import * as z from 'zod/mini';
import { PACKAGE_SIZES, ROLES } from '../constants';
import * as MESSAGES from '../messages';
import { PageQuerySchema } from './admin';
import { dayField, emailField, searchText } from './fields';

export const USER_BADGES = ['email-not-confirmed', 'no-profile', 'profile-only', 'purchased'] as const;
export type UserBadge = (typeof USER_BADGES)[number];

const search = searchText();

export const AllUsersQuerySchema = z.extend(PageQuerySchema, {
  q: search,
  role: z.optional(z.enum([...ROLES, 'none'])),
  badge: z.optional(z.enum(USER_BADGES)),
});
export type AllUsersQuery = z.output<typeof AllUsersQuerySchema>;

const isoDate = z.optional(dayField());
const packageSize = z.union(
  PACKAGE_SIZES.map((n) => z.literal(n)) as [z.ZodMiniLiteral<1>, z.ZodMiniLiteral<2>, z.ZodMiniLiteral<3>, z.ZodMiniLiteral<4>],
);

export const CustomersQuerySchema = z.extend(PageQuerySchema, {
  q: search,
  needsService: z.optional(z.enum(['true', 'false'])),
  packageSize: z.optional(z.pipe(z.coerce.number(), packageSize)),
  from: isoDate,
  to: isoDate,
});
export type CustomersQuery = z.output<typeof CustomersQuerySchema>;

export const ResetSongwriterSchema = z.object({
  email: z.pipe(z.string().check(z.trim(), z.minLength(1, MESSAGES.admin.resetEmailRequired)), emailField),
});
