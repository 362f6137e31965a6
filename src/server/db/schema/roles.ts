import { check, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../common/constants';
import { users } from './auth';
import { createdAt, oneOf } from './helpers';

export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] }), check('user_roles_role_check', oneOf(t.role, ROLES))],
);
