import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { packagingTemplates, savedPackages } from '../../db/schema/packaging.js';

export type PackagingTemplateRow = typeof packagingTemplates.$inferSelect;
export type SavedPackageRow = typeof savedPackages.$inferSelect;
type Page = { search?: string; limit: number; offset: number };

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const matching = (column: typeof packagingTemplates.searchText | typeof savedPackages.searchText, search?: string) =>
  search ? sql`${column} LIKE ${`%${likeEscape(search)}%`}` : undefined;

/** Favourites first, then newest (the spec is silent; docs/decisions.md). */
export async function listPackagingTemplates(db: Executor, userId: number, page: Page) {
  const where = and(eq(packagingTemplates.userId, userId), matching(packagingTemplates.searchText, page.search));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(packagingTemplates)
      .where(where)
      .orderBy(desc(packagingTemplates.favourite), desc(packagingTemplates.createdAt), desc(packagingTemplates.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(packagingTemplates).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

export async function insertPackagingTemplate(db: Executor, values: typeof packagingTemplates.$inferInsert) {
  const [row] = await db.insert(packagingTemplates).values(values).returning();
  return row!;
}

/** Changes a template of the user; null when the user has no such template. */
export async function updatePackagingTemplate(db: Executor, userId: number, id: number, values: Pick<PackagingTemplateRow, 'name' | 'template' | 'searchText'>) {
  const [row] = await db
    .update(packagingTemplates)
    .set(values)
    .where(and(eq(packagingTemplates.id, id), eq(packagingTemplates.userId, userId)))
    .returning();
  return row ?? null;
}

/** Flips the flag in one statement (a double toggle from two tabs ends where it started). */
export async function toggleFavourite(db: Executor, userId: number, id: number) {
  const [row] = await db
    .update(packagingTemplates)
    .set({ favourite: sql`not ${packagingTemplates.favourite}` })
    .where(and(eq(packagingTemplates.id, id), eq(packagingTemplates.userId, userId)))
    .returning({ favourite: packagingTemplates.favourite });
  return row ?? null;
}

export async function deletePackagingTemplate(db: Executor, userId: number, id: number) {
  const rows = await db
    .delete(packagingTemplates)
    .where(and(eq(packagingTemplates.id, id), eq(packagingTemplates.userId, userId)))
    .returning({ id: packagingTemplates.id });
  return rows.length > 0;
}

export async function listSavedPackages(db: Executor, userId: number, page: Page) {
  const where = and(eq(savedPackages.userId, userId), matching(savedPackages.searchText, page.search));
  const [rows, [total]] = await Promise.all([
    db.select().from(savedPackages).where(where).orderBy(desc(savedPackages.createdAt), desc(savedPackages.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(savedPackages).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

export async function insertSavedPackage(db: Executor, values: typeof savedPackages.$inferInsert) {
  const [row] = await db.insert(savedPackages).values(values).returning();
  return row!;
}

/** Changes a saved package of the user; null when the user has no such package. */
export async function updateSavedPackage(
  db: Executor,
  userId: number,
  id: number,
  values: Pick<SavedPackageRow, 'name' | 'weight' | 'xLength' | 'yLength' | 'zLength' | 'searchText'>,
) {
  const [row] = await db
    .update(savedPackages)
    .set(values)
    .where(and(eq(savedPackages.id, id), eq(savedPackages.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deleteSavedPackage(db: Executor, userId: number, id: number) {
  const rows = await db
    .delete(savedPackages)
    .where(and(eq(savedPackages.id, id), eq(savedPackages.userId, userId)))
    .returning({ id: savedPackages.id });
  return rows.length > 0;
}
