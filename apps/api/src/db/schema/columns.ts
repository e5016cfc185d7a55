import { timestamp } from 'drizzle-orm/pg-core';

// Column helpers shared by the schema files. This file holds no table, so index.ts does not export it.

/** timestamptz, the only kind of timestamp in this schema. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** created_at and updated_at; repositories set updated_at when they change a row. */
export const timestamps = () => ({
  createdAt: createdAt(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
