import type { Executor } from '../../db/client.js';
import type { InvoicingService } from '../invoicing/index.js';
import { creditTopUp } from '../ledger/index.js';

/** What crediting a top-up needs from invoicing: its advance invoice (the invoicing service, injected). */
export type TopUpInvoicing = Pick<InvoicingService, 'invoiceTopUp'>;

/**
 * Credits a card top-up to the balance: one ledger movement per card payment (its reference), so
 * a repeated answer for the same payment credits nothing twice. With invoicing, a top-up the
 * client wants invoiced gets its advance invoice in the same transaction.
 */
export async function creditCardTopUp(
  tx: Executor,
  p: {
    userId: number;
    amountBani: number;
    paymentIdentifier: string;
    cardBrand: string | null;
    lastDigits: string | null;
    automatic?: boolean;
    at?: Date;
    /** A subscription's billing entry, invoiced instead of the active one while it is verified. */
    billingEntityId?: number | null;
    /** false: the invoice is issued without its mail (the demo history). */
    mail?: boolean;
  },
  invoicing?: TopUpInvoicing,
) {
  const what = p.automatic ? 'Reincarcare automata' : 'Reincarcare cont';
  const description = `${what} cu cardul ${p.cardBrand ?? ''} **** ${p.lastDigits ?? ''}`;
  const row = await creditTopUp(tx, { userId: p.userId, amountBani: p.amountBani, reference: p.paymentIdentifier, description, at: p.at });
  if (!row || !invoicing) return { credited: !!row, invoice: null };
  const invoice = await invoicing.invoiceTopUp(tx, {
    userId: p.userId,
    movementId: row.id,
    amountBani: p.amountBani,
    description,
    at: p.at,
    billingEntityId: p.billingEntityId,
    mail: p.mail,
  });
  return { credited: true, invoice };
}
