import {
  messages,
  pageOffset,
  searchWords,
  ZCustomerInput,
  type TCustomerImportRow,
  type TCustomerInput,
  type TCustomerInvoice,
  type TShipmentSummary,
  type ZCustomerListRequest,
} from '@colete/contract';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { customerValues, matchKeysOf, toCustomer, type CustomerValues } from './customer-values.js';
import { readImportFile } from './customers-import.js';
import {
  customerShipmentIds,
  deleteCustomer,
  findCustomer,
  findMatch,
  insertCustomer,
  listCustomers,
  updateCustomer,
  type CustomerRow,
} from './customers-queries.js';

const m = messages.customers;
/** The catalogue's texts a row may be refused with; anything else (a row that is not a customer at all) reads as one message. */
const REASONS = new Set<unknown>([...Object.values(messages.customers), ...Object.values(messages.address), ...Object.values(messages.common), messages.auth.emailInvalid]);
const reasonText = (text: string) => (REASONS.has(text) ? text : m.rowInvalid);

/** What the customer's page reads from the modules that own it: shipments and e-invoices. */
export type CustomersDeps = {
  database: Database;
  /** The client's shipments by id, as the shipments list shows them (the shipments service). */
  shipmentSummaries: (userId: number, ids: number[]) => Promise<TShipmentSummary[]>;
  /** The client's e-invoices to a buyer (the einvoice module). */
  invoicesToBuyer: (db: Executor, userId: number, buyer: { identification: string; nameKey: string }) => Promise<TCustomerInvoice[]>;
};

/** The first message of a refused row: the contract's field message, or the nomenclature's. */
const reasonOf = (err: unknown) => {
  if (err instanceof AppError) return Object.values(err.errors ?? {})[0] ?? err.message;
  throw err;
};

export function customersService(deps: CustomersDeps) {
  const { db } = deps.database;

  async function own(userId: number, id: number) {
    const row = await findCustomer(db, userId, id);
    if (!row) throw notFound(m.notFound);
    return row;
  }

  /** The matching rule refuses a second customer for the same company or person. */
  async function requireNew(userId: number, values: CustomerValues, exceptId?: number) {
    if (await findMatch(db, userId, matchKeysOf(values), exceptId)) throw conflict(m.duplicate, 'customerExists', { name: m.duplicate });
  }

  async function insertOne(userId: number, values: CustomerValues, source: CustomerRow['source']) {
    const row = await insertCustomer(db, { ...values, userId, source });
    if (!row) throw conflict(m.duplicate, 'customerExists', { name: m.duplicate });
    return row;
  }

  /** Judges one row of an import: the contract's rules, the nomenclature, the book and the rows before it. */
  async function judge(userId: number, input: TCustomerInput, seen: Set<string>): Promise<{ values: CustomerValues } | { reason: string }> {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return { reason: m.rowInvalid };
    const parsed = ZCustomerInput.safeParse(input);
    if (!parsed.success) return { reason: reasonText(parsed.error.issues[0]!.message) };
    let values: CustomerValues;
    try {
      values = await customerValues(db, parsed.data);
    } catch (err) {
      return { reason: reasonOf(err) };
    }
    const k = matchKeysOf(values);
    const keys = [k.identificationKey && `id:${k.identificationKey}`, k.phone && `np:${k.nameKey}|${k.phone}`, !k.phone && k.cityKey && `nc:${k.nameKey}|${k.cityKey}`].filter(Boolean) as string[];
    if (keys.some((key) => seen.has(key))) return { reason: m.duplicateInFile };
    if (await findMatch(db, userId, k)) return { reason: m.duplicate };
    keys.forEach((key) => seen.add(key));
    return { values };
  }

  return {
    async list(userId: number, q: z.output<typeof ZCustomerListRequest>) {
      const words = searchWords(q.search).trim().split(' ').filter(Boolean);
      const { rows, count } = await listCustomers(db, userId, { words, limit: q.limit, offset: pageOffset(q) });
      return { list: rows.map(toCustomer), count };
    },

    get: async (userId: number, id: number) => toCustomer(await own(userId, id)),

    async create(userId: number, input: z.output<typeof ZCustomerInput>) {
      const values = await customerValues(db, input);
      await requireNew(userId, values);
      return toCustomer(await insertOne(userId, values, 'manual'));
    },

    async update(userId: number, id: number, input: z.output<typeof ZCustomerInput>) {
      await own(userId, id);
      const values = await customerValues(db, input);
      await requireNew(userId, values, id);
      const row = await updateCustomer(db, userId, id, values).catch((err: unknown) => {
        if ((err as { code?: string }).code === '23505') throw conflict(m.duplicate, 'customerExists', { name: m.duplicate });
        throw err;
      });
      if (!row) throw notFound(m.notFound);
      return toCustomer(row);
    },

    async remove(userId: number, id: number) {
      if (!(await deleteCustomer(db, userId, id))) throw notFound(m.notFound);
    },

    async shipments(userId: number, id: number, q: { page: number; limit: number }) {
      const row = await own(userId, id);
      const ids = await customerShipmentIds(db, row.id, q.limit, pageOffset(q));
      return { list: await deps.shipmentSummaries(userId, ids), count: row.shipmentCount };
    },

    async invoices(userId: number, id: number) {
      const row = await own(userId, id);
      return deps.invoicesToBuyer(db, userId, { identification: row.identificationKey, nameKey: row.nameKey });
    },

    /** The import's preview: each row added or refused with its reason; nothing is written. */
    async importPreview(userId: number, file: Buffer) {
      const rows = await readImportFile(file);
      const seen = new Set<string>();
      const out: TCustomerImportRow[] = [];
      for (const r of rows) {
        const verdict = r.problem ? { reason: r.problem } : await judge(userId, r.input!, seen);
        out.push('reason' in verdict ? { line: r.line, name: r.name, status: 'refused', reason: verdict.reason, customer: null } : { line: r.line, name: r.name, status: 'add', reason: null, customer: r.input });
      }
      const toAdd = out.filter((r) => r.status === 'add').length;
      return { rows: out, toAdd, refused: out.length - toAdd };
    },

    /** The confirmation: the preview's rows judged again (the book may have changed) and the good ones added. */
    async importRows(userId: number, rows: unknown[]) {
      const seen = new Set<string>();
      const refused: { index: number; reason: string }[] = [];
      let added = 0;
      for (const [index, input] of rows.entries()) {
        const verdict = await judge(userId, input as TCustomerInput, seen);
        if ('reason' in verdict) refused.push({ index, reason: verdict.reason });
        else if (await insertCustomer(db, { ...verdict.values, userId, source: 'import' })) added += 1;
        else refused.push({ index, reason: m.duplicate });
      }
      return { added, refused, message: m.imported(added) };
    },
  };
}
export type CustomersService = ReturnType<typeof customersService>;
