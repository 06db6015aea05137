import { isValidCnp } from '@colete/contract';
import type { InvoiceParty } from '../../db/schema/invoicing.js';
import { bucharestDateKey } from '../../lib/dates.js';
import type { InvoiceRow } from './invoicing-queries.js';

/* What an invoice states the same way on its PDF and in its e-invoice: the buyer's identification and the supply's dates. */

/** An individual without a CNP (BT-47/BT-48 of a B2C invoice, the rule since 2025). */
export const NO_CNP = '0000000000000';

/** The buyer's identification: a company's CUI (its VAT id with RO when it pays VAT), an individual's CNP or thirteen zeros. */
export function buyerIds(p: InvoiceParty): { vatId: string | null; legalId: string } {
  if (!p.isCompany) return { vatId: null, legalId: isValidCnp(p.identificationCode.trim()) ? p.identificationCode.trim() : NO_CNP };
  const cui = p.identificationCode.replace(/^RO/i, '').trim();
  return { vatId: p.isVatPayer ? `RO${cui}` : null, legalId: cui };
}

/**
 * When the invoice's supplies happened (BT-72 or BG-14): the days its lines were supplied (a line
 * without one, an advance or a storno, on the invoice's day); one day is the delivery date, more
 * the period from the first to the last.
 */
export function supplyDays(row: Pick<InvoiceRow, 'lines' | 'issuedAt'>): { from: string; to: string } {
  const issued = bucharestDateKey(row.issuedAt);
  const days = row.lines.map((l) => l.suppliedOn ?? issued).sort();
  return { from: days[0] ?? issued, to: days.at(-1) ?? issued };
}
