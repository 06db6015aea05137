import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * What a PDF says and shows, read with Debian's tools (poppler-utils: pdftotext, pdftoppm;
 * zbar-tools: zbarimg), for the API tests and the browser tests alike. Every function takes the
 * PDF's bytes and answers per page.
 */

const PACKAGES: Record<string, string> = { pdftotext: 'poppler-utils', pdftoppm: 'poppler-utils', zbarimg: 'zbar-tools' };

type Run = { stdout: string; code: number };

/** Runs one of the tools; a missing binary is an error that says which package to install. */
function run(bin: string, args: string[], okCodes: number[] = [0]): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(bin, args, { maxBuffer: 64 * 1024 * 1024, timeout: 60_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
      if (err && (err as NodeJS.ErrnoException).code === 'ENOENT') {
        reject(new Error(`${bin} is not installed: the PDF content checks need it (apt-get install ${PACKAGES[bin] ?? bin})`));
        return;
      }
      if (!okCodes.includes(code)) {
        reject(new Error(`${bin} ${args.join(' ')} failed (${err?.message ?? code}): ${stderr}`));
        return;
      }
      resolve({ stdout, code });
    });
  });
}

/** The PDF written to a fresh temporary folder for the duration of `work`. */
async function withPdfFile<T>(pdf: Uint8Array, work: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pdf-tools-'));
  try {
    const file = path.join(dir, 'in.pdf');
    await writeFile(file, pdf);
    return await work(file, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text of each page, in reading order (`layout: true` keeps the columns side by side). */
export function pdfText(pdf: Uint8Array, opts: { layout?: boolean } = {}): Promise<string[]> {
  return withPdfFile(pdf, async (file) => {
    const { stdout } = await run('pdftotext', [...(opts.layout ? ['-layout'] : []), '-enc', 'UTF-8', file, '-']);
    // pdftotext ends every page with a form feed.
    const pages = stdout.split('\f');
    if (pages.at(-1)?.trim() === '') pages.pop();
    return pages;
  });
}

/** One word and its box, in points from the page's top left corner. */
export type PdfWord = { text: string; xMin: number; yMin: number; xMax: number; yMax: number };
export type PdfPageWords = { width: number; height: number; words: PdfWord[] };

const unescapeXml = (s: string) =>
  s.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-f]+);/gi, (_, e: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };
    if (named[e.toLowerCase()]) return named[e.toLowerCase()]!;
    return String.fromCodePoint(e[1]?.toLowerCase() === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
  });

/** Every word of each page with its position (pdftotext -bbox), to tell which column or block a text is in. */
export function pdfWords(pdf: Uint8Array): Promise<PdfPageWords[]> {
  return withPdfFile(pdf, async (file) => {
    const { stdout } = await run('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-']);
    const pages: PdfPageWords[] = [];
    const pageRe = /<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/g;
    const wordRe = /<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([\s\S]*?)<\/word>/g;
    for (const page of stdout.matchAll(pageRe)) {
      const words = [...page[3]!.matchAll(wordRe)].map((w) => ({
        xMin: Number(w[1]),
        yMin: Number(w[2]),
        xMax: Number(w[3]),
        yMax: Number(w[4]),
        text: unescapeXml(w[5]!),
      }));
      pages.push({ width: Number(page[1]), height: Number(page[2]), words });
    }
    return pages;
  });
}

/**
 * The lines of text whose words lie inside a box (points from the top left; open sides unbounded),
 * top to bottom, words joined by one space.
 */
export function linesIn(page: PdfPageWords, box: { left?: number; right?: number; top?: number; bottom?: number }): string[] {
  const inside = page.words.filter(
    (w) =>
      w.xMin >= (box.left ?? -Infinity) && w.xMax <= (box.right ?? Infinity) && w.yMin >= (box.top ?? -Infinity) && w.yMax <= (box.bottom ?? Infinity),
  );
  const lines: { y: number; words: PdfWord[] }[] = [];
  for (const w of [...inside].sort((a, b) => a.yMin - b.yMin || a.xMin - b.xMin)) {
    const line = lines.find((l) => Math.abs(l.y - w.yMin) < 2);
    if (line) line.words.push(w);
    else lines.push({ y: w.yMin, words: [w] });
  }
  return lines.map((l) => l.words.sort((a, b) => a.xMin - b.xMin).map((w) => w.text).join(' '));
}

/** The first word equal to `text` on the page (optionally below `below`); an error names the words there are. */
export function wordOn(page: PdfPageWords, text: string, below = -Infinity): PdfWord {
  const word = page.words.find((w) => w.text === text && w.yMin > below);
  if (!word) throw new Error(`no word ${JSON.stringify(text)} on the page; it has: ${page.words.map((w) => w.text).join(' ')}`);
  return word;
}

/** One decoded barcode: zbar's symbology name (e.g. 'CODE-128') and the data. */
export type DecodedBarcode = { symbology: string; value: string };

/**
 * The barcodes of each page: every page rendered in grey with its long side `longSide` pixels
 * (pdftoppm; 1000 by default, about 170 dpi on an A6 label and 85 dpi on A4, where the same label
 * is drawn twice as large: enough for zbar to read Code 128 reliably) and decoded with zbarimg.
 * A page without any answers [].
 */
export function pdfBarcodes(pdf: Uint8Array, opts: { longSide?: number } = {}): Promise<DecodedBarcode[][]> {
  return withPdfFile(pdf, async (file, dir) => {
    await run('pdftoppm', ['-scale-to', String(opts.longSide ?? 1000), '-gray', '-png', file, path.join(dir, 'page')]);
    // pdftoppm numbers the pages page-1.png or page-01.png..., depending on their count.
    const images = (await readdir(dir))
      .filter((f) => /^page-\d+\.png$/.test(f))
      .sort((a, b) => Number(a.match(/\d+/)![0]) - Number(b.match(/\d+/)![0]));
    // One zbarimg for all pages; its XML names each image. It exits with 4 when it finds nothing.
    const { stdout } = await run('zbarimg', ['--quiet', '--xml', ...images.map((i) => path.join(dir, i))], [0, 4]);
    const found = new Map<string, DecodedBarcode[]>();
    for (const source of stdout.matchAll(/<source href='([^']*)'>([\s\S]*?)<\/source>/g)) {
      const symbols = [...source[2]!.matchAll(/<symbol type='([^']*)'[^>]*><data>(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))<\/data>/g)];
      found.set(path.basename(source[1]!), symbols.map((m) => ({ symbology: m[1]!, value: m[2] ?? unescapeXml(m[3] ?? '') })));
    }
    return images.map((i) => found.get(i) ?? []);
  });
}

/** An invoice PDF read by its layout: the blocks as lines of text, each where the layout puts it. */
export type InvoiceReading = {
  /** Every page's text. */
  pages: string[];
  /** Page 1 above the seller and buyer blocks: title, series and number, date, VAT rate. */
  header: string[];
  /** The left block from its heading 'FURNIZOR' down, and the right one from 'CUMPARATOR'. */
  seller: string[];
  buyer: string[];
  /** Each numbered line of the table as printed on its first text line: 'n description... buc qty unit net vat'. */
  rows: string[];
  /** The 'Denumire' column of every row, in order, joined by spaces (descriptions wrap). */
  descriptions: string;
  /** From 'Total fara TVA' to the end of the last page. */
  totals: string[];
};

/**
 * Reads an invoice drawn by invoice-pdf.ts: the seller's column is left of the buyer's heading,
 * the buyer's from its heading rightwards, both between the headings and the lines table; rows are
 * found by their number in the 'Nr.' column; the totals start at 'Total fara TVA'.
 */
export async function readInvoicePdf(pdf: Uint8Array): Promise<InvoiceReading> {
  const [pages, words] = await Promise.all([pdfText(pdf), pdfWords(pdf)]);
  const first = words[0]!;
  const sellerHead = wordOn(first, 'FURNIZOR');
  const buyerHead = wordOn(first, 'CUMPARATOR');
  const partiesTop = Math.max(sellerHead.yMax, buyerHead.yMax);
  const lastPage = words.at(-1)!;
  const totalsWord = lastPage.words.find((w, i) => w.text === 'Total' && lastPage.words[i + 1]?.text === 'fara');
  if (!totalsWord) throw new Error(`no 'Total fara TVA' on the invoice's last page`);

  const rows: string[] = [];
  const descriptions: string[] = [];
  for (const page of words) {
    const head = wordOn(page, 'Denumire', page === first ? partiesTop : -Infinity);
    const unit = page.words.find((w) => w.text === 'U.M.' && Math.abs(w.yMin - head.yMin) < 2);
    if (!unit) throw new Error(`no 'U.M.' column next to 'Denumire'`);
    const bottom = page === lastPage ? totalsWord.yMin - 1 : page.height;
    const numbers = page.words.filter((w) => w.yMin > head.yMax && w.yMax < bottom && w.xMax < head.xMin && /^\d+$/.test(w.text));
    for (const n of numbers) rows.push(linesIn(page, { top: n.yMin - 1, bottom: n.yMax + 1 }).join(' '));
    descriptions.push(...linesIn(page, { left: head.xMin - 4, right: unit.xMin - 1, top: head.yMax + 1, bottom }));
  }
  return {
    pages,
    header: linesIn(first, { bottom: Math.min(sellerHead.yMin, buyerHead.yMin) - 1 }),
    seller: linesIn(first, { right: buyerHead.xMin - 1, top: sellerHead.yMin - 1, bottom: wordOn(first, 'Denumire', partiesTop).yMin - 1 }),
    buyer: linesIn(first, { left: buyerHead.xMin - 1, top: buyerHead.yMin - 1, bottom: wordOn(first, 'Denumire', partiesTop).yMin - 1 }),
    rows,
    descriptions: descriptions.join(' '),
    totals: linesIn(lastPage, { top: totalsWord.yMin - 1 }),
  };
}
