import { z } from 'zod';
import { PACKAGE_SIZES, ROLES } from '../constants';
import * as MESSAGES from '../messages';
import { PageQuerySchema } from './admin';
import { emailField } from './fields';

export const USER_BADGES = ['email-not-confirmed', 'no-profile', 'profile-only', 'purchased'] as const;
export type UserBadge = (typeof USER_BADGES)[number];

export const AllUsersQuerySchema = PageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  role: z.enum([...ROLES, 'none']).optional(),
  badge: z.enum(USER_BADGES).optional(),
});
export type AllUsersQuery = z.output<typeof AllUsersQuerySchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD').optional();

export const CustomersQuerySchema = PageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  needsService: z.enum(['true', 'false']).optional(),
  packageSize: z.coerce.number().pipe(z.union(PACKAGE_SIZES.map((n) => z.literal(n)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>, z.ZodLiteral<4>])).optional(),
  from: isoDate,
  to: isoDate,
});
export type CustomersQuery = z.output<typeof CustomersQuerySchema>;

export const ResetSongwriterSchema = z.object({
  email: z.string().trim().min(1, MESSAGES.admin.resetEmailRequired).pipe(emailField),
});
