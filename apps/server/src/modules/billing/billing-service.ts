import { FISCAL_ID_TYPE, messages, normalisePhone, sameCompanyName, type TBillingData, type TContactData, type ZBillingDataRequest } from '@colete/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.js';
import type { AddressCorrector } from '../geo/index.js';
import type { CompanyCheck, CompanyLookup } from '../../integrations/company-check/company-check.js';
import { badRequest, conflict, notFound, underPath } from '../../lib/errors.js';
import type { UserRow } from '../../types.js';
import { resolveAddress } from '../addresses/index.js';
import { balanceBani } from '../ledger/index.js';
import {
  activateOnly,
  countEntities,
  deleteInactiveEntity,
  findByCode,
  findEntity,
  insertEntity,
  listEntities,
  lockUser,
  updateContact,
  updateEntity,
  type BillingRow,
} from './billing-queries.js';
import { verdictOf } from './billing-verification.js';
import { companyLookupService } from './company-lookup.js';

type BillingInput = z.output<typeof ZBillingDataRequest>;
const b = messages.billing;

/** The entry's e-invoicing connection, when it has one (ACTIVE, or EXPIRED once the refresh token lapsed). */
type EInvoiceOf = { state: 'ACTIVE' | 'EXPIRED'; refreshExpiresAt: Date } | null | undefined;

/**
 * What billing needs from e-invoicing: the entries' connections (the einvoice module implements
 * it; the composition root passes it in, so neither module imports the other both ways).
 */
export interface EInvoiceConnections {
  ofUser(ex: Executor, userId: number): Promise<({ billingEntityId: number } & NonNullable<EInvoiceOf>)[]>;
  state(ex: Executor, billingEntityId: number): Promise<'ACTIVE' | 'EXPIRED' | null>;
}

export function toBillingData(row: BillingRow, eInvoice?: EInvoiceOf): TBillingData {
  return {
    fiscalSubaccountNumber: row.id,
    isActive: row.isActive,
    verifyStatus: row.verifyStatus,
    entityData: {
      name: row.name,
      isCompany: row.isCompany,
      isVatPayer: row.isVatPayer,
      identificationCode: row.identificationCode,
      tradeRegister: row.tradeRegister,
      fiscalIdentificationType: row.fiscalIdentificationType,
    },
    address: {
      countryCode: row.countryCode,
      countyCode: row.countyCode,
      localityString: row.city,
      countyString: row.county,
      postalCode: row.postalCode,
      street: row.street,
      number: row.number,
      additionalInfo: row.additionalInfo,
    },
    countryString: 'Romania',
    eInvoice: eInvoice ? { state: eInvoice.state, refreshExpiresAt: eInvoice.refreshExpiresAt.toISOString() } : null,
  };
}

/** The contact data, or null until all three are filled in. */
function contactOf(user: UserRow): TContactData | null {
  if (!user.contactGivenName || !user.contactFamilyName || !user.contactPhone) return null;
  return { givenName: user.contactGivenName, familyName: user.contactFamilyName, phone: user.contactPhone };
}

/**
 * The nomenclature check of the address book, with its field errors keyed as this form nests
 * them ('address.city'), the same paths the contract's own validation errors use.
 */
const resolveBillingAddress = (db: Database['db'], address: BillingInput['address']) => underPath('address', () => resolveAddress(db, address));

export function billingService(deps: {
  database: Database;
  companyCheck: CompanyCheck;
  multiCompanySelect: boolean;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** amountNotInvoicedSum, from invoicing. */
  notInvoicedBani: (userId: number) => Promise<number>;
  eInvoiceConnections: EInvoiceConnections;
  /** The geo module's address correction (the look-up places a company's registered office with it). */
  corrector: AddressCorrector;
}) {
  const { db } = deps.database;

  /**
   * Settled: nothing left to invoice and no prepaid balance (spec 000 section 4).
   */
  async function isSettled(userId: number) {
    const [unbilled, prepaid] = await Promise.all([deps.notInvoicedBani(userId), balanceBani(db, userId)]);
    return unbilled <= 0 && prepaid <= 0;
  }

  /** Editing or changing the active entry moves invoices between entities: only on a settled account, unless the flag allows it. */
  async function requireSettled(userId: number) {
    if (!deps.multiCompanySelect && !(await isSettled(userId))) throw conflict(b.notSettled, 'notSettled');
  }

  async function requireOwn(userId: number, id: number) {
    const row = await findEntity(db, userId, id);
    if (!row) throw notFound(b.notFound);
    return row;
  }

  /** The register's answer for a company being saved; null when the look-up failed (the entry stays pending for the job). */
  async function askRegister(cui: string): Promise<CompanyLookup | null> {
    try {
      return await deps.companyCheck.lookup(cui);
    } catch (err) {
      deps.log?.warn({ err, cui }, 'company look-up failed; left pending');
      return null;
    }
  }

  /**
   * The status a saved entry starts with: an individual's CNP has no public register to ask and is
   * verified; a company gets the register's verdict, or waits for it. A CUI registered under
   * another name is refused on the name field, with the register's name, so it is corrected now.
   */
  async function statusOnSave(e: BillingInput['entityData']) {
    if (e.fiscalIdentificationType === FISCAL_ID_TYPE.cnp) return 'verified' as const;
    const answer = await askRegister(e.identificationCode);
    if (!answer) return 'pendingVerification' as const;
    if (answer.found && !sameCompanyName(e.name, answer.name)) {
      const message = b.nameMismatch(answer.name);
      throw badRequest(message, 'nameMismatch', { 'entityData.name': message });
    }
    return verdictOf(e.name, answer);
  }

  /** One entry as answered after a change, with its e-invoicing connection. */
  async function withConnection(row: BillingRow) {
    const connection = (await deps.eInvoiceConnections.ofUser(db, row.userId)).find((c) => c.billingEntityId === row.id);
    return toBillingData(row, connection);
  }

  return {
    isSettled,

    /** The add dialog's look-up of a CUI in the register (see companyLookupService). */
    lookupCompany: companyLookupService({ database: deps.database, companyCheck: deps.companyCheck, corrector: deps.corrector, log: deps.log }),

    async list(client: UserRow) {
      // The connections of all entries in one extra query, never one per entry.
      const [rows, settled, connections] = await Promise.all([listEntities(db, client.id), isSettled(client.id), deps.eInvoiceConnections.ofUser(db, client.id)]);
      const byEntry = new Map(connections.map((c) => [c.billingEntityId, c]));
      return { list: rows.map((row) => toBillingData(row, byEntry.get(row.id))), settled, multiCompanySelect: { enabled: deps.multiCompanySelect }, contactData: contactOf(client) };
    },

    /** Creates an entry, or edits the one named by fiscalSubaccountNumber. */
    async save(userId: number, input: BillingInput) {
      const editing = input.fiscalSubaccountNumber;
      if (editing) {
        const current = await requireOwn(userId, editing);
        await requireSettled(userId);
        // The e-invoicing authorisation belongs to that company: its code stays while connected.
        if (current.identificationCode !== input.entityData.identificationCode && (await deps.eInvoiceConnections.state(db, editing)) === 'ACTIVE') {
          throw conflict(b.connectedCodeLocked, 'connectedCodeLocked', { 'entityData.identificationCode': b.connectedCodeLocked });
        }
      }
      const address = await resolveBillingAddress(db, input.address);
      const e = input.entityData;
      const verifyStatus = await statusOnSave(e);
      const values = {
        name: e.name,
        isCompany: e.isCompany,
        isVatPayer: e.isVatPayer,
        identificationCode: e.identificationCode,
        tradeRegister: e.tradeRegister,
        fiscalIdentificationType: e.fiscalIdentificationType,
        countryCode: 'RO',
        countyCode: address.countyCode,
        county: address.county,
        city: address.city,
        postalCode: address.postalCode,
        street: address.street,
        number: input.address.number,
        additionalInfo: input.address.additionalInfo,
        verifyStatus,
        verifiedAt: verifyStatus === 'pendingVerification' ? null : new Date(),
      };
      const row = await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        if (await findByCode(tx, userId, values.identificationCode, editing)) {
          throw conflict(b.duplicate, 'duplicate', { 'entityData.identificationCode': b.duplicate });
        }
        if (editing) {
          const updated = await updateEntity(tx, userId, editing, values);
          if (!updated) throw notFound(b.notFound);
          return updated;
        }
        // The account's first billing data is the one invoices go to.
        const first = (await countEntities(tx, userId)) === 0;
        return insertEntity(tx, { ...values, userId, isActive: first });
      });
      return withConnection(row);
    },

    async setActive(userId: number, id: number) {
      const row = await requireOwn(userId, id);
      if (row.verifyStatus === 'invalid') throw conflict(b.activateInvalid, 'activateInvalid');
      if (row.isActive) return withConnection(row);
      await requireSettled(userId);
      await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        // Deleted meanwhile: nothing to activate.
        if (!(await findEntity(tx, userId, id))) throw notFound(b.notFound);
        await activateOnly(tx, userId, id);
      });
      return withConnection(await requireOwn(userId, id));
    },

    /** Only entries that are neither active nor connected to e-invoicing (an expired connection no longer counts). */
    async remove(userId: number, id: number) {
      const row = await requireOwn(userId, id);
      if (row.isActive) throw conflict(b.deleteActive, 'deleteActive');
      await db.transaction(async (tx) => {
        // Under the owner's lock, which a consent coming back also takes: no connection appears between the check and the DELETE.
        await lockUser(tx, userId);
        if ((await deps.eInvoiceConnections.state(tx, id)) === 'ACTIVE') throw conflict(b.deleteActive, 'deleteConnected');
        // The condition is repeated in the DELETE: an entry activated meanwhile stays.
        if (!(await deleteInactiveEntity(tx, userId, id))) throw conflict(b.deleteActive, 'deleteActive');
      });
    },

    async saveContact(userId: number, input: TContactData) {
      await updateContact(db, userId, { givenName: input.givenName, familyName: input.familyName, phone: normalisePhone(input.phone) });
    },
  };
}

export type BillingService = ReturnType<typeof billingService>;
