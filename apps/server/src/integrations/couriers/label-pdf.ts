import {
  PDFDocument,
  fill,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingGrayscaleColor,
  type PDFPage,
} from 'pdf-lib';
import { formatBani, formatDay } from '@colete/contract';
import { formatRoDate } from '../../lib/dates.js';
import { embedPdfFonts, pdfSafe, wrap, type PdfFonts } from '../../lib/pdf-text.js';
import { code128Bars } from './code128.js';
import type { AddressSpec, AwbFormat, PickupPoint } from './courier-network.js';

/** What a courier label shows for one parcel. */
export type LabelParcel = { number: number; barcode: string; weightGrams: number };
export type LabelData = {
  awb: string;
  courierName: string;
  serviceName: string;
  from: AddressSpec;
  to: AddressSpec;
  point: Pick<PickupPoint, 'name' | 'fullAddress' | 'city' | 'countyCode'> | null;
  parcels: LabelParcel[];
  codBani: number | null;
  insuranceBani: number | null;
  openAtDelivery: boolean;
  saturdayDelivery: boolean;
  reference: string;
  clientReference: string | null;
  content: string;
  createdAt: Date;
  /** YYYY-MM-DD. */
  estimatedPickupDate: string;
};

/** A6 is 105 x 148 mm; A4 is exactly twice as wide and tall, so it carries the same label scaled. */
const A6: [number, number] = [297.64, 419.53];
const A4: [number, number] = [595.28, 841.89];

const INK = rgb(0, 0, 0);
const MUTED = rgb(0.3, 0.3, 0.3);

const dateRo = formatRoDate;
const isoDateRo = formatDay;
/** Money as the platform shows it ('1.250,75 lei'). */
const leiText = formatBani;
const kgText = (grams: number) => `${String(Math.round(grams / 10) / 100).replace('.', ',')} kg`;


const addressLines = (a: AddressSpec) => {
  const street = [a.street, a.number ? `nr. ${a.number}` : null, a.details].filter(Boolean).join(', ');
  const place = a.countyCode.toUpperCase() === 'B' ? `${a.city}, Bucuresti` : `${a.city}, jud. ${a.county}`;
  return [street, `${place}${a.postalCode ? `, cod postal ${a.postalCode}` : ''}`].filter((l) => l.length > 0);
};

type Fonts = PdfFonts;

/** One parcel's label in the A6 coordinate system (297.64 x 419.53), scaled by `s` from (ox, oy). */
function drawLabel(page: PDFPage, fonts: Fonts, data: LabelData, parcel: LabelParcel, s: number, ox: number, oy: number) {
  const W = A6[0];
  const M = 10;
  const inner = W - 2 * M;
  let y = A6[1] - M;
  const text = (t: string, x: number, yy: number, o: { size?: number; bold?: boolean; right?: boolean; color?: typeof INK } = {}) => {
    const size = o.size ?? 7;
    const font = o.bold ? fonts.bold : fonts.regular;
    const safe = pdfSafe(t);
    const dx = o.right ? font.widthOfTextAtSize(safe, size) : 0;
    page.drawText(safe, { x: ox + (x - dx) * s, y: oy + yy * s, size: size * s, font, color: o.color ?? INK });
  };
  const rule = (yy: number, thickness = 0.6) =>
    page.drawLine({ start: { x: ox + M * s, y: oy + yy * s }, end: { x: ox + (W - M) * s, y: oy + yy * s }, thickness: thickness * s, color: INK });
  const block = (lines: { t: string; size?: number; bold?: boolean }[], maxLinesEach = 2) => {
    for (const l of lines) {
      const size = l.size ?? 7;
      for (const w of wrap(l.t, l.bold ? fonts.bold : fonts.regular, size * s, inner * s, maxLinesEach)) {
        y -= size + 2;
        text(w, M, y, { size, bold: l.bold });
      }
    }
  };

  // Courier, service, parcel n/N.
  y -= 14;
  text(data.courierName, M, y, { size: 14, bold: true });
  text(`Colet ${parcel.number}/${data.parcels.length}`, W - M, y, { size: 14, bold: true, right: true });
  y -= 11;
  text(data.serviceName, M, y, { size: 8 });
  text(`Emis ${dateRo(data.createdAt)}`, W - M, y, { size: 7, right: true, color: MUTED });
  y -= 6;
  rule(y, 1);

  // The parcel's barcode: the bars as rectangles, quiet zones of 10 modules on each side.
  const { bars, modules } = code128Bars(parcel.barcode);
  const module = inner / (modules + 20);
  const barHeight = 58;
  y -= 6 + barHeight;
  // One path of rectangles filled once: far fewer operators than a drawRectangle per bar.
  page.pushOperators(
    pushGraphicsState(),
    setFillingGrayscaleColor(0),
    ...bars.map(([start, width]) => rectangle(ox + (M + (10 + start) * module) * s, oy + y * s, width * module * s, barHeight * s)),
    fill(),
    popGraphicsState(),
  );
  y -= 10;
  const code = parcel.barcode;
  text(code, W / 2 + (fonts.regular.widthOfTextAtSize(code, 8) / 2), y, { size: 8, right: true });
  y -= 14;
  text(`AWB ${data.awb}`, M, y, { size: 12, bold: true });
  text(`Greutate ${kgText(parcel.weightGrams)}`, W - M, y, { size: 9, bold: true, right: true });
  y -= 6;
  rule(y);

  // Recipient first and larger: it is what the courier reads.
  y -= 2;
  block([{ t: 'DESTINATAR', size: 6, bold: true }]);
  block([
    { t: data.to.contactName, size: 10, bold: true },
    ...(data.to.company ? [{ t: data.to.company, size: 8 }] : []),
    { t: `Tel. ${data.to.phone}`, size: 8 },
  ]);
  if (data.point) block([{ t: `Livrare la: ${data.point.name}`, size: 9, bold: true }, { t: data.point.fullAddress, size: 8 }]);
  else block(addressLines(data.to).map((t) => ({ t, size: 9, bold: true })));
  y -= 4;
  rule(y);
  y -= 2;
  block([{ t: 'EXPEDITOR', size: 6, bold: true }]);
  block(
    [
      { t: [data.from.contactName, data.from.company].filter(Boolean).join(', '), size: 8, bold: true },
      { t: `Tel. ${data.from.phone}`, size: 7 },
      ...addressLines(data.from).map((t) => ({ t, size: 7 })),
    ],
    1,
  );
  y -= 4;
  rule(y);

  // Cash on delivery, options, references.
  y -= 16;
  text(data.codBani ? `RAMBURS ${leiText(data.codBani)}` : 'FARA RAMBURS', M, y, { size: 13, bold: true });
  const options = [
    data.insuranceBani ? `Asigurat ${leiText(data.insuranceBani)}` : null,
    data.openAtDelivery ? 'Deschidere la livrare' : null,
    data.saturdayDelivery ? 'Livrare sambata' : null,
  ].filter((o): o is string => !!o);
  block(options.map((t) => ({ t, size: 8, bold: true })), 1);
  block(
    [
      { t: `Referinta: ${data.reference}${data.clientReference ? ` / ${data.clientReference}` : ''}`, size: 7 },
      { t: `Continut: ${data.content}`, size: 7 },
      { t: `Greutate totala ${kgText(data.parcels.reduce((sum, p) => sum + p.weightGrams, 0))} - ridicare estimata ${isoDateRo(data.estimatedPickupDate)}`, size: 7 },
    ],
    1,
  );

  // Sorting box at the bottom: the destination's county code and locality, as depots route by them.
  const boxHeight = 46;
  const boxY = M;
  if (y - 6 > boxY + boxHeight) {
    const destination = data.point ?? data.to;
    page.drawRectangle({ x: ox + M * s, y: oy + boxY * s, width: inner * s, height: boxHeight * s, borderColor: INK, borderWidth: 1.2 * s });
    text(destination.countyCode.toUpperCase(), M + 8, boxY + 12, { size: 28, bold: true });
    const city = wrap(destination.city, fonts.bold, 14 * s, (inner - 80) * s, 1)[0] ?? '';
    text(city, W - M - 8, boxY + 26, { size: 14, bold: true, right: true });
    text(`Colet ${parcel.number}/${data.parcels.length}`, W - M - 8, boxY + 10, { size: 9, right: true });
  }
}

/** The label PDF: one page per parcel, A6 or the same label on A4. */
export async function renderLabelPdf(data: LabelData, format: AwbFormat): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(pdfSafe(`AWB ${data.awb}`));
  doc.setAuthor(pdfSafe(data.courierName));
  doc.setCreationDate(data.createdAt);
  const fonts = await embedPdfFonts(doc);
  const size = format === 'A4' ? A4 : A6;
  const s = size[0] / A6[0];
  for (const parcel of data.parcels) {
    const page = doc.addPage(size);
    drawLabel(page, fonts, data, parcel, s, 0, 0);
  }
  return doc.save();
}
