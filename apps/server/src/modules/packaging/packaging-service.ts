import {
  messages,
  normalizeText,
  packageVolume,
  type TPackagingTemplate,
  type TSavedPackage,
  ZPackagingTemplateAddRequest,
  ZSavedPackageAddRequest,
} from '@colete/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import {
  deletePackagingTemplate,
  deleteSavedPackage,
  insertPackagingTemplate,
  insertSavedPackage,
  listPackagingTemplates,
  listSavedPackages,
  toggleFavourite,
  updatePackagingTemplate,
  updateSavedPackage,
  type PackagingTemplateRow,
  type SavedPackageRow,
} from './packaging-queries.js';

const p = messages.packaging;
type PageOptions = { page: number; limit: number; search: string };

export const toPackagingTemplate = (row: PackagingTemplateRow): TPackagingTemplate => ({
  id: row.id,
  name: row.name,
  favourite: row.favourite,
  template: { ...row.template, packages: row.template.packages.map((pk) => ({ ...pk, volume: packageVolume(pk) })) },
});
export const toSavedPackage = (row: SavedPackageRow): TSavedPackage => ({
  id: row.id,
  name: row.name,
  weight: row.weight,
  xLength: row.xLength,
  yLength: row.yLength,
  zLength: row.zLength,
});

const page = (o: PageOptions) => ({ search: o.search ? normalizeText(o.search) : undefined, limit: o.limit, offset: (o.page - 1) * o.limit });

/** Packaging templates ('Marfa ambalata') and saved packages ('Tipuri ambalaje') of the acting client. */
export function packagingService(deps: { database: Database }) {
  const { db } = deps.database;
  return {
    async templates(clientId: number, o: PageOptions) {
      const { rows, count } = await listPackagingTemplates(db, clientId, page(o));
      return { list: rows.map(toPackagingTemplate), count };
    },
    async addTemplate(clientId: number, req: z.output<typeof ZPackagingTemplateAddRequest>) {
      return toPackagingTemplate(await insertPackagingTemplate(db, { userId: clientId, name: req.name, template: req.template, searchText: normalizeText(req.name) }));
    },
    async editTemplate(clientId: number, id: number, req: z.output<typeof ZPackagingTemplateAddRequest>) {
      const row = await updatePackagingTemplate(db, clientId, id, { name: req.name, template: req.template, searchText: normalizeText(req.name) });
      if (!row) throw notFound(p.templateNotFound);
      return toPackagingTemplate(row);
    },
    async toggleFavourite(clientId: number, id: number) {
      const row = await toggleFavourite(db, clientId, id);
      if (!row) throw notFound(p.templateNotFound);
      return row.favourite;
    },
    async removeTemplate(clientId: number, id: number) {
      if (!(await deletePackagingTemplate(db, clientId, id))) throw notFound(p.templateNotFound);
    },
    async packages(clientId: number, o: PageOptions) {
      const { rows, count } = await listSavedPackages(db, clientId, page(o));
      return { list: rows.map(toSavedPackage), count };
    },
    async addPackage(clientId: number, req: z.output<typeof ZSavedPackageAddRequest>) {
      return toSavedPackage(await insertSavedPackage(db, { userId: clientId, ...req, searchText: normalizeText(req.name) }));
    },
    async editPackage(clientId: number, id: number, req: z.output<typeof ZSavedPackageAddRequest>) {
      const row = await updateSavedPackage(db, clientId, id, { ...req, searchText: normalizeText(req.name) });
      if (!row) throw notFound(p.packageNotFound);
      return toSavedPackage(row);
    },
    async removePackage(clientId: number, id: number) {
      if (!(await deleteSavedPackage(db, clientId, id))) throw notFound(p.packageNotFound);
    },
  };
}
export type PackagingService = ReturnType<typeof packagingService>;
