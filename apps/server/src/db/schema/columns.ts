import { integer, numeric, timestamp } from 'drizzle-orm/pg-core';

export const id = () => integer().primaryKey().generatedAlwaysAsIdentity();

export const timestamps = () => ({
  created_at: timestamp({ withTimezone: true, precision: 6 }).notNull().defaultNow(),
  updated_at: timestamp({ withTimezone: true, precision: 6 })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/** Money as numeric(14,2): exact to the cent, read back as a decimal string. */
export const money = () => numeric({ precision: 14, scale: 2 });

/** Coordinates to about 1 cm. */
export const coordinate = () => numeric({ precision: 10, scale: 7 });
