import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { mergeLabels } from '../src/modules/store/index.js';
import { pdfWords } from './support/pdf-tools.js';

/* The merged labels' layout with labels of both sizes (a courier printing A4 only). */

async function label(text: string, size: [number, number]) {
  const doc = await PDFDocument.create();
  const page = doc.addPage(size);
  page.drawText(text, { x: 20, y: size[1] - 40, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  return doc.save();
}
const A6: [number, number] = [297.64, 419.53];
const A4: [number, number] = [595.28, 841.89];

describe('mergeLabels', () => {
  it('fits an A4 label to an A6 page, and to its quarter of an A4 sheet', async () => {
    const labels = [await label('AWB-UNU', A6), await label('AWB-DOI', A4)];
    const a6 = await pdfWords(await mergeLabels(labels, 'A6'));
    expect(a6.map((p) => [Math.round(p.width), Math.round(p.height)])).toEqual([[298, 420], [298, 420]]);
    expect(a6[0]!.words.map((w) => w.text)).toContain('AWB-UNU');
    expect(a6[1]!.words.map((w) => w.text)).toContain('AWB-DOI');
    const pages = await pdfWords(await mergeLabels(labels, 'A4', 4));
    const sheet = pages[0];
    expect(pages).toHaveLength(2);
    // Position 4 (bottom right) on the first sheet, position 1 (top left) on the next.
    const first = sheet!.words.find((w) => w.text === 'AWB-UNU')!;
    expect(first.xMin).toBeGreaterThan(sheet!.width / 2);
    expect(first.yMin).toBeGreaterThan(sheet!.height / 2);
    const second = pages[1]!.words.find((w) => w.text === 'AWB-DOI')!;
    expect(second.xMin).toBeLessThan(pages[1]!.width / 2);
    expect(second.yMin).toBeLessThan(pages[1]!.height / 2);
  });
});
