import { randomBytes } from 'node:crypto';
import {
  ADDRESS_TYPE_DEFAULT,
  TEMPLATE_ADMIN_OPTIONS,
  addressFormFields,
  addressText,
  messages,
  normalizeText,
  returnPath,
  type TTemplateDetail,
  type TTemplateListItem,
  type TTemplateOptions,
  type TTemplateSaveRequestParsed,
  type TTemplateToAddress,
} from '@colete/contract';
import type { Database, Executor } from '../../db/client.js';
import type { StoredTemplateOptions, TemplateAddress } from '../../db/schema/templates.js';
import { AppError, badRequest, conflict, notFound, underPath } from '../../lib/errors.js';
import { findAddress, partyAddressOfRow, resolvePartyAddress } from '../addresses/index.js';
import { sniffLogo } from './template-logo.js';
import { sanitizeTerms } from './template-terms.js';
import {
  findTemplate,
  findTemplateByUniqueId,
  insertTemplate,
  listTemplates,
  markDeleted,
  uniqueIdTaken,
  updateTemplate,
  type TemplateMeta,
} from './templates-queries.js';

const t = messages.templates;

/** Who saves: admins (acting for a client) may set the admin-only options and the uniqueId. */
export type Actor = { clientId: number; isAdmin: boolean };

/** Generated uniqueIds: 16 characters of an unambiguous alphabet (about 80 bits). */
export const newTemplateUniqueId = () => {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return [...randomBytes(16)].map((b) => alphabet[b % alphabet.length]).join('');
};

export const logoUrl = (row: Pick<TemplateMeta, 'uniqueId' | 'logoType' | 'logoVersion'>) =>
  row.logoType ? `/api/order/return/${row.uniqueId}/logo?v=${row.logoVersion}` : null;

/** The template's address in its answer's names (those of the shared address form). */
const toAddressView = (a: TemplateAddress): TTemplateToAddress => ({
  addressId: a.addressId,
  shortName: a.shortName,
  ...addressFormFields(a),
  county: a.addressCounty,
  type: a.type,
  fullAddress: addressText(a, 'withLocality'),
});

export const optionsOf = (row: Pick<TemplateMeta, 'options' | 'terms' | 'approved'>): TTemplateOptions => ({
  ...row.options,
  approved: row.approved,
  terms: sanitizeTerms(row.terms),
});

export function toDetail(row: TemplateMeta): TTemplateDetail {
  return { id: row.id, uniqueId: row.uniqueId, name: row.name, logo: logoUrl(row), options: optionsOf(row), toAddress: toAddressView(row.toAddress) };
}

function toListItem(row: TemplateMeta): TTemplateListItem {
  return {
    id: row.id,
    uniqueId: row.uniqueId,
    name: row.name,
    address: addressText(row.toAddress, 'withLocality'),
    logo: logoUrl(row),
    options: optionsOf(row),
    publicPath: returnPath(row.uniqueId),
  };
}

const searchTextOf = (name: string, a: TemplateAddress) => normalizeText([name, a.shortName, a.contactName, a.contactCompany, a.addressCity, a.addressCounty].filter(Boolean).join(' | '));

/**
 * The options to store: a non-admin's values of the admin-only options are ignored (the current
 * ones are kept, or the defaults on create), so calling the API directly cannot approve a template.
 */
function storedOptions(actor: Actor, wanted: TTemplateOptions, current: TemplateMeta | null) {
  const { terms, approved, ...rest } = wanted;
  const options: StoredTemplateOptions = { ...rest, approved };
  if (actor.isAdmin) return { options, terms: sanitizeTerms(terms), approved };
  const kept = current ? optionsOf(current) : null;
  for (const key of TEMPLATE_ADMIN_OPTIONS) {
    if (key === 'terms' || key === 'approved') continue;
    options[key] = kept ? kept[key] : false;
  }
  options.approved = current?.approved ?? false;
  return { options, terms: current?.terms ?? '', approved: current?.approved ?? false };
}

export function templatesService(deps: { database: Database }) {
  const { db } = deps.database;

  async function own(clientId: number, id: number) {
    const row = await findTemplate(db, clientId, id);
    if (!row) throw notFound(t.notFound);
    return row;
  }

  async function resolveTemplateAddress(tx: Executor, clientId: number, address: TTemplateSaveRequestParsed['address']): Promise<TemplateAddress> {
    if ('addressId' in address) {
      const row = await findAddress(tx, clientId, address.addressId);
      if (!row) throw badRequest(messages.address.notFound, 'addressNotFound', { 'address.addressId': messages.address.notFound });
      return { ...partyAddressOfRow(row), addressId: row.id, type: row.type, shortName: row.shortName };
    }
    // A typed address is checked against the nomenclature like the address book does.
    const resolved = await underPath('address', () => resolvePartyAddress(tx, address));
    return { ...resolved.address, addressId: null, type: ADDRESS_TYPE_DEFAULT, shortName: address.shortName };
  }

  async function chosenUniqueId(actor: Actor, wanted: string | null | undefined, current: TemplateMeta | null) {
    if (!actor.isAdmin || !wanted || wanted === current?.uniqueId) return current?.uniqueId ?? newTemplateUniqueId();
    if (await uniqueIdTaken(db, wanted, current?.id)) throw conflict(t.uniqueIdTaken, 'uniqueIdTaken', { 'data.uniqueId': t.uniqueIdTaken });
    return wanted;
  }

  return {
    async list(clientId: number, opts: { page: number; limit: number; search: string }) {
      const { rows, count } = await listTemplates(db, clientId, {
        search: opts.search ? normalizeText(opts.search) : undefined,
        limit: opts.limit,
        offset: (opts.page - 1) * opts.limit,
      });
      return { list: rows.map(toListItem), count };
    },

    async get(clientId: number, id: number) {
      return toDetail(await own(clientId, id));
    },

    /** Create (no id) or update (id). In edit mode the name is locked: the stored one is kept. */
    async save(actor: Actor, req: TTemplateSaveRequestParsed) {
      const current = req.data.id ? await own(actor.clientId, req.data.id) : null;
      const toAddress = await resolveTemplateAddress(db, actor.clientId, req.address);
      const uniqueId = await chosenUniqueId(actor, req.data.uniqueId, current);
      const { options, terms, approved } = storedOptions(actor, req.data.options, current);
      const name = current?.name ?? req.data.name;
      const values = { name, uniqueId, toAddress, addressId: toAddress.addressId, options, terms, approved, searchText: searchTextOf(name, toAddress) };
      const logoRemoved = req.logo === null ? { logo: null, logoType: null } : {};
      try {
        const row = current
          ? await updateTemplate(db, actor.clientId, current.id, { ...values, ...logoRemoved })
          : await insertTemplate(db, { ...values, userId: actor.clientId });
        if (!row) throw notFound(t.notFound);
        return toDetail(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(t.uniqueIdTaken, 'uniqueIdTaken', { 'data.uniqueId': t.uniqueIdTaken });
        throw err;
      }
    },

    /** The list card's update: the whole options of the template named by uniqueId. */
    async updateSettings(actor: Actor, uniqueId: string, wanted: TTemplateOptions) {
      const current = await findTemplateByUniqueId(db, actor.clientId, uniqueId);
      if (!current) throw notFound(t.notFound);
      const { options, terms, approved } = storedOptions(actor, wanted, current);
      const row = await updateTemplate(db, actor.clientId, current.id, { options, terms, approved });
      if (!row) throw notFound(t.notFound);
      return toDetail(row);
    },

    async uploadLogo(clientId: number, uniqueId: string, file: Buffer) {
      const current = await findTemplateByUniqueId(db, clientId, uniqueId);
      if (!current) throw notFound(t.notFound);
      const sniffed = sniffLogo(file);
      if (!sniffed || !sniffed.safe) throw badRequest(t.uploadNotImage, 'notImage', { file: t.uploadNotImage });
      const row = await updateTemplate(db, clientId, current.id, { logo: file, logoType: sniffed.type, logoVersion: current.logoVersion + 1 });
      if (!row) throw notFound(t.notFound);
      return logoUrl(row)!;
    },

    async remove(clientId: number, id: number) {
      if (!(await markDeleted(db, clientId, id))) throw notFound(t.notFound);
    },
  };
}
export type TemplatesService = ReturnType<typeof templatesService>;

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e instanceof AppError) return false;
    if (e.code === '23505') return true;
  }
  return false;
}
