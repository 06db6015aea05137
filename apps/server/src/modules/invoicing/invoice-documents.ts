import { INVOICES_MESSAGES, invoiceAnnexPath, invoicePrintPath, messages, pageOffset, type TInvoiceListItem, type TInvoiceListFilters, type TInvoiceListResponse } from '@colete/contract';
import type { Readable } from 'node:stream';
import type { Database } from '../../db/client.js';
import { bucharestDayStart, nextDay } from '../../lib/dates.js';
import { notFound } from '../../lib/errors.js';
import type { UserRow } from '../../types.js';
import { annexStream } from './invoice-annex.js';
import { hasAnnex, invoicePage } from './invoice-documents-queries.js';
import { invoiceFileName, invoiceFullNumber, renderInvoicePdf } from './invoice-pdf.js';
import { findInvoice } from './invoicing-queries.js';
import type { InvoicePayments } from './ports.js';

/**
 * The invoices page's list, an invoice's PDF and its annex, for the acting client (another client's
 * id answers 404). The list's paid state asks payments (a port: payments sits above invoicing).
 */
export function invoiceDocuments(deps: { database: Database; payments: InvoicePayments }) {
  const { db } = deps.database;

  const own = async (client: UserRow, id: number) => {
    const row = await findInvoice(db, client.id, id);
    if (!row) throw notFound(messages.invoicing.invoiceNotFound);
    return row;
  };

  return {
    async list(client: UserRow, q: TInvoiceListFilters): Promise<TInvoiceListResponse> {
      const { rows, count } = await invoicePage(db, deps.payments, client.id, {
        from: q.from ? bucharestDayStart(q.from) : undefined,
        to: q.to ? bucharestDayStart(nextDay(q.to)) : undefined,
        billingEntityId: q.billingEntityId,
        limit: q.limit,
        offset: pageOffset(q),
      });
      const list = rows.map(({ invoice, original, paid, hasAnnex: annex }): TInvoiceListItem => ({
        id: invoice.id,
        fullNumber: invoiceFullNumber(invoice),
        kind: invoice.kind,
        issuedAt: invoice.issuedAt.toISOString(),
        billingEntityId: invoice.billingEntityId,
        entityName: invoice.buyer.name,
        netBani: invoice.netBani,
        totalBani: invoice.totalBani,
        paid: Boolean(paid),
        hasAnnex: Boolean(annex),
        creditsInvoice: original?.id ? { id: original.id, fullNumber: invoiceFullNumber(original) } : null,
        pdfUrl: invoicePrintPath(invoice.id),
        annexUrl: annex ? invoiceAnnexPath(invoice.id) : null,
      }));
      return { success: true, list, count };
    },

    /** GET invoice/print/{id}: the PDF drawn from the invoice's copy. */
    async print(client: UserRow, id: number) {
      const row = await own(client, id);
      return { fileName: invoiceFileName(row), bytes: await renderInvoicePdf(row) };
    },

    /** GET invoice/annex/{id}: the xlsx of the shipments it covers; 404 when it covers none (an advance). */
    async annex(client: UserRow, id: number): Promise<{ fileName: string; stream: Readable }> {
      const row = await own(client, id);
      if (!(await hasAnnex(db, row.id))) throw notFound(INVOICES_MESSAGES.noAnnex);
      const fileName = invoiceFileName(row).replace(/^Factura-/, 'Anexa-').replace(/\.pdf$/, '.xlsx');
      return { fileName, stream: annexStream(db, { id: row.id, fullNumber: invoiceFullNumber(row) }) };
    },
  };
}

export type InvoiceDocuments = ReturnType<typeof invoiceDocuments>;
