import type { AwbFormat, TMailSettings, TSmsSettings } from '@colete/contract';
import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/* ---- Settings of an account (spec 000 section 3): one row per user, created on first save ---- */

export const userSettings = pgTable('user_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mail: jsonb('mail').$type<TMailSettings>(),
  sms: jsonb('sms').$type<TSmsSettings>(),
  awbFormat: text('awb_format').$type<AwbFormat>(),
  willPrint: boolean('will_print'),
  /** Invoicing settings (spec 000 section 3): null until set; the *Manual flags say the client chose them. */
  invoiceEveryPrepay: boolean('invoice_every_prepay'),
  invoiceEveryPrepayManual: boolean('invoice_every_prepay_manual').notNull().default(false),
  invoiceEveryOrder: boolean('invoice_every_order'),
  invoiceEveryOrderManual: boolean('invoice_every_order_manual').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
