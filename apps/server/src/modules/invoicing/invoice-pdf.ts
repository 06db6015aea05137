import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { formatRoDate } from '../../lib/dates.js';
import { formatBani, formatBaniAmount } from '@colete/contract';
import { embedPdfFonts, PDF_COLOURS, pdfSafe, textDrawer, wrap } from '../../lib/pdf-text.js';
import { buyerIds, supplyDays } from './invoice-facts.js';
import { vatByRate } from './invoice-lines.js';
import type { InvoiceRow } from './invoicing-queries.js';

/** Series and number as printed: 'COL 000012'. */
export const invoiceFullNumber = (row: Pick<InvoiceRow, 'series' | 'number'>) => `${row.series} ${String(row.number).padStart(6, '0')}`;
export const invoiceFileName = (row: Pick<InvoiceRow, 'series' | 'number'>) => `Factura-${row.series}-${String(row.number).padStart(6, '0')}.pdf`;

export const KIND_TITLE: Record<InvoiceRow['kind'], string> = {
  prepay: 'Factura de avans (reincarcare cont preplatit)',
  orders: 'Factura servicii de curierat',
  settlement: 'Factura de decontare a contului',
  credit_note: 'Factura storno (expediere anulata)',
};

const dateRo = formatRoDate;

/** How the invoice is paid, as printed under its totals and written in the e-invoice's payment terms. */
export const paymentNote = (invoice: Pick<InvoiceRow, 'kind' | 'totalBani' | 'seller'>) =>
  invoice.kind === 'prepay'
    ? 'Factura achitata cu cardul la data emiterii. Suma este disponibila in contul preplatit.'
    : invoice.kind === 'credit_note'
      ? 'Factura storno: valoarea negativa se scade din suma datorata sau se restituie in contul preplatit.'
      : invoice.totalBani < 0
        ? 'Valoare negativa: suma se returneaza clientului in contul bancar indicat.'
        : `Plata prin transfer bancar in contul ${invoice.seller.iban} (${invoice.seller.bank}).`;

const { ink: INK, muted: MUTED, brand: BRAND, rule: RULE } = PDF_COLOURS;

/** The invoice as a one-or-more page A4 PDF, from the copy kept in the database. */
export async function renderInvoicePdf(invoice: InvoiceRow): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(pdfSafe(`Factura ${invoiceFullNumber(invoice)}`));
  doc.setAuthor(pdfSafe(invoice.seller.name));
  doc.setCreationDate(invoice.issuedAt);
  const { regular, bold } = await embedPdfFonts(doc);
  const W = 595.28;
  const H = 841.89;
  const M = 48;
  let page: PDFPage = doc.addPage([W, H]);
  let y = H - M;

  const text = textDrawer(() => page, regular);

  // VAT by rate: one rate for most invoices; lines supplied on both sides of a rate change have theirs.
  const rates = vatByRate(invoice);
  const mixed = rates.length > 1;

  // Header: title, number, dates.
  text('FACTURA FISCALA', M, y - 6, { size: 20, font: bold, color: BRAND });
  text(`Seria ${invoice.series} nr. ${String(invoice.number).padStart(6, '0')}`, W - M, y - 2, { size: 11, font: bold, right: true });
  text(`Data emiterii: ${dateRo(invoice.issuedAt)}`, W - M, y - 16, { right: true });
  text(`Cota TVA: ${rates.length ? rates.map((r) => `${r.vatPercent}%`).join(', ') : `${invoice.vatPercent}%`}`, W - M, y - 28, { right: true });
  // The supply's date, or its period when the lines were supplied on several days (art. 319 (20) of the Fiscal Code).
  const days = supplyDays(invoice);
  const day = (key: string) => dateRo(new Date(`${key}T12:00:00Z`));
  text(days.from === days.to ? `Data livrarii: ${day(days.from)}` : `Perioada livrarii: ${day(days.from)} - ${day(days.to)}`, W - M, y - 40, { right: true });
  text(KIND_TITLE[invoice.kind], M, y - 24, { size: 10, color: MUTED });
  y -= 62;

  // Seller and buyer, side by side.
  const party = (title: string, p: InvoiceRow['buyer'] & { iban?: string; bank?: string }, x: number) => {
    let yy = y;
    text(title, x, yy, { size: 8, font: bold, color: MUTED });
    yy -= 14;
    for (const l of wrap(p.name, bold, 11, 230)) {
      text(l, x, yy, { size: 11, font: bold });
      yy -= 14;
    }
    const ids = buyerIds(p);
    const id = p.isCompany ? `CIF: ${ids.vatId ?? ids.legalId}` : `CNP: ${ids.legalId}`;
    const rows = [id, p.tradeRegister ? `Nr. Reg. Com.: ${p.tradeRegister}` : null, `Adresa: ${p.address}`, `Judet: ${p.county}`, p.iban ? `IBAN: ${p.iban}` : null, p.bank ? `Banca: ${p.bank}` : null];
    for (const r of rows.filter((v): v is string => !!v)) {
      for (const l of wrap(r, regular, 9, 230)) {
        text(l, x, yy);
        yy -= 12;
      }
    }
    return yy;
  };
  const afterSeller = party('FURNIZOR', invoice.seller, M);
  const afterBuyer = party('CUMPARATOR', invoice.buyer, W / 2 + 10);
  y = Math.min(afterSeller, afterBuyer) - 18;

  // Lines table.
  const cols = [
    { title: 'Nr.', x: M, w: 24 },
    { title: 'Denumire', x: M + 26, w: 200 },
    { title: 'U.M.', x: M + 230, w: 30 },
    { title: 'Cant.', x: M + 290, w: 30, right: true },
    { title: 'Pret unitar (fara TVA)', x: M + 385, w: 90, right: true },
    { title: 'Valoare', x: M + 445, w: 55, right: true },
    { title: 'TVA', x: W - M, w: 45, right: true },
  ];
  const header = () => {
    page.drawRectangle({ x: M, y: y - 6, width: W - 2 * M, height: 20, color: rgb(0.93, 0.95, 0.98) });
    for (const c of cols) text(c.title, c.x + (c.right ? 0 : 2), y, { size: 8, font: bold, right: c.right });
    y -= 22;
  };
  header();
  invoice.lines.forEach((line, i) => {
    const desc = wrap(mixed ? `${line.description} (TVA ${line.vatPercent ?? invoice.vatPercent}%)` : line.description, regular, 9, 196);
    if (y - desc.length * 12 < M + 120) {
      page = doc.addPage([W, H]);
      y = H - M;
      header();
    }
    text(String(i + 1), M + 2, y);
    desc.forEach((l, k) => text(l, M + 28, y - k * 12));
    text('buc', M + 232, y);
    text(String(line.quantity), cols[3]!.x, y, { right: true });
    text(formatBaniAmount(line.unitNetBani), cols[4]!.x, y, { right: true });
    text(formatBaniAmount(line.netBani), cols[5]!.x, y, { right: true });
    text(formatBaniAmount(line.vatBani), cols[6]!.x, y, { right: true });
    y -= desc.length * 12;
    page.drawLine({ start: { x: M, y: y + 6 }, end: { x: W - M, y: y + 6 }, thickness: 0.5, color: RULE });
    y -= 8;
  });

  // Totals.
  y -= 10;
  const total = (label: string, value: number, strong = false) => {
    text(label, W - M - 120, y, { size: strong ? 11 : 9, font: strong ? bold : regular, right: true });
    text(formatBani(value), W - M, y, { size: strong ? 11 : 9, font: strong ? bold : regular, right: true, color: strong ? BRAND : INK });
    y -= strong ? 18 : 14;
  };
  total('Total fara TVA', invoice.netBani);
  if (rates.length === 0) total(`TVA ${invoice.vatPercent}%`, invoice.vatBani);
  for (const r of rates) total(`TVA ${r.vatPercent}%`, r.vatBani);
  total('Total de plata', invoice.totalBani, true);

  y -= 16;
  const note = paymentNote(invoice);
  for (const l of wrap(note, regular, 9, W - 2 * M)) {
    text(l, M, y, { color: MUTED });
    y -= 12;
  }
  text('Factura circula fara semnatura si stampila conform art. 319 alin. (29) din Legea nr. 227/2015 privind Codul fiscal.', M, M - 10, {
    size: 7,
    color: MUTED,
  });
  return doc.save();
}
