import { formatBaniAmount, formatDay, unitLabel, type TReceivedDocument } from '@colete/contract';
import { PDFDocument, type PDFPage } from 'pdf-lib';
import { embedPdfFonts, PDF_COLOURS, pdfSafe, textDrawer, wrap } from './pdf-text.js';

/*
 * An e-invoice drawn as a PDF from its XML (issue 25): seller, buyer, lines, VAT per rate, totals,
 * due date and payment account, with Romanian labels, and a closing note that says what it is. A
 * received invoice whose supplier attached no PDF downloads as this (the note: a reading of the XML,
 * the legal original being the signed ZIP), and the e-Factura simulator's `transformare` answers it.
 * In lib/ because both the einvoice module and the e-invoicing integration draw documents.
 */

const { muted: MUTED, brand: BRAND, rule: RULE } = PDF_COLOURS;

/** An amount in the document's currency: '1.199,93 lei' for RON, '1.199,93 EUR' otherwise. */
const documentMoney = (bani: number | null, currency: string | null) => (bani === null ? '-' : `${formatBaniAmount(bani)} ${!currency || currency === 'RON' ? 'lei' : currency}`);
const day = (iso: string | null) => (iso && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? formatDay(iso) : '-');

/** The document (a read UBL, or a received invoice's stored reading) as an A4 PDF, created at `createdAt`, closing with `note`. */
export async function renderUblPdf(document: TReceivedDocument, meta: { createdAt: Date; note: string }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const title = `${document.kind === 'creditNote' ? 'Factura storno' : 'Factura'} ${document.number ?? ''}`.trim();
  doc.setTitle(pdfSafe(title));
  doc.setAuthor(pdfSafe(document.seller.name ?? ''));
  doc.setCreationDate(meta.createdAt);
  const { regular, bold } = await embedPdfFonts(doc);
  const W = 595.28;
  const H = 841.89;
  const M = 48;
  let page: PDFPage = doc.addPage([W, H]);
  let y = H - M;
  const text = textDrawer(() => page, regular);
  const rule = () => page.drawLine({ start: { x: M, y }, end: { x: W - M, y }, thickness: 0.6, color: RULE });
  const ensure = (space: number) => {
    if (y - space > M) return;
    page = doc.addPage([W, H]);
    y = H - M;
  };
  const money = (bani: number | null) => documentMoney(bani, document.currency);

  text(document.kind === 'creditNote' ? 'FACTURA STORNO' : 'FACTURA', M, y - 6, { size: 20, font: bold, color: BRAND });
  text(`Nr. ${document.number ?? '-'}`, W - M, y - 2, { size: 11, font: bold, right: true });
  text(`Data emiterii: ${day(document.issueDate)}`, W - M, y - 16, { right: true });
  text(`Data scadentei: ${day(document.dueDate)}`, W - M, y - 28, { right: true });
  text(`Moneda: ${document.currency ?? '-'}`, W - M, y - 40, { right: true });
  y -= 64;

  const party = (label: string, p: TReceivedDocument['seller'], x: number) => {
    let yy = y;
    text(label, x, yy, { font: bold, color: MUTED });
    yy -= 14;
    for (const line of wrap(p.name ?? '-', bold, 10, 230, 3)) {
      text(line, x, yy, { size: 10, font: bold });
      yy -= 13;
    }
    for (const line of [p.vatId ? `Cod TVA: ${p.vatId}` : `CUI: ${p.identification ?? '-'}`, [p.street, p.city, p.country].filter(Boolean).join(', ')].filter(Boolean)) {
      for (const part of wrap(line, regular, 9, 230, 2)) {
        text(part, x, yy);
        yy -= 12;
      }
    }
    return yy;
  };
  y = Math.min(party('Furnizor', document.seller, M), party('Cumparator', document.buyer, W / 2 + 10)) - 12;
  rule();
  y -= 16;

  // Lines.
  const cols = { nr: M, name: M + 24, qty: 360, vat: 420, net: W - M };
  text('Nr.', cols.nr, y, { font: bold });
  text('Denumire', cols.name, y, { font: bold });
  text('Cantitate', cols.qty, y, { font: bold });
  text('Cota TVA', cols.vat, y, { font: bold });
  text('Valoare fara TVA', cols.net, y, { font: bold, right: true });
  y -= 8;
  rule();
  y -= 14;
  document.lines.forEach((line, k) => {
    const names = wrap(line.name ?? '-', regular, 9, cols.qty - cols.name - 10, 4);
    ensure(12 * names.length + 6);
    text(String(k + 1), cols.nr, y);
    names.forEach((n, i) => text(n, cols.name, y - i * 12));
    text(`${line.quantity ?? '-'} ${unitLabel(line.unitCode)}`.trim(), cols.qty, y);
    text(line.vatPercent !== null ? `${line.vatPercent}%` : (line.category ?? '-'), cols.vat, y);
    text(money(line.netBani), cols.net, y, { right: true });
    y -= 12 * names.length + 4;
  });
  y -= 4;
  rule();
  y -= 18;

  // VAT per rate, then the totals.
  ensure(60 + 14 * document.taxes.length);
  text('TVA pe cote', M, y, { font: bold, color: MUTED });
  y -= 14;
  for (const t of document.taxes) {
    text(`Cota ${t.percent ?? '-'}% (${t.category ?? '-'}): baza ${money(t.taxableBani)}, TVA ${money(t.taxBani)}`, M, y);
    y -= 12;
  }
  y -= 8;
  const total = (label: string, value: string, strong = false) => {
    text(label, W - M - 150, y, { font: strong ? bold : regular, right: true });
    text(value, W - M, y, { font: strong ? bold : regular, size: strong ? 11 : 9, right: true });
    y -= strong ? 16 : 13;
  };
  ensure(80);
  total('Total fara TVA', money(document.totals.taxExclusiveBani));
  total('TVA', money(document.taxBani));
  total('Total cu TVA', money(document.totals.taxInclusiveBani));
  if (document.totals.prepaidBani) total('Platit in avans', money(document.totals.prepaidBani));
  total('Total de plata', money(document.totals.payableBani), true);
  y -= 8;
  if (document.paymentIban) {
    text(`Plata in contul: ${document.paymentIban}`, M, y);
    y -= 14;
  }
  ensure(30);
  for (const line of wrap(meta.note, regular, 8, W - 2 * M)) {
    text(line, M, y, { size: 8, color: MUTED });
    y -= 10;
  }
  return doc.save();
}
