import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { userSettings } from '../../db/schema/settings.js';

/*
 * What other modules read and write of the accounts' settings (issue 28 §2): user_settings is the
 * settings module's; mail, shipments and invoicing ask these functions. One row per account,
 * created with the first save; an account without one has the defaults.
 */

export type SettingsRow = typeof userSettings.$inferSelect;
type SettingsValues = Omit<Partial<typeof userSettings.$inferInsert>, 'userId' | 'updatedAt'>;

/** Accounts' saved settings by id (an account that never saved any is absent from the map). */
export async function savedSettingsByUser(db: Executor, userIds: readonly number[]): Promise<Map<number, SettingsRow>> {
  const wanted = [...new Set(userIds)];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(userSettings).where(inArray(userSettings.userId, wanted));
  return new Map(rows.map((r) => [r.userId, r]));
}

/** One account's saved settings, or null (the defaults apply). */
export async function savedSettings(db: Executor, userId: number): Promise<SettingsRow | null> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
  return row ?? null;
}

/** Saves some of an account's settings (its row created with the first save). */
export async function saveSettings(db: Executor, userId: number, values: SettingsValues) {
  await db
    .insert(userSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...values, updatedAt: new Date() } });
}
