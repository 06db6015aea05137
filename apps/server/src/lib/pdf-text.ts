import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import { rgb, type PDFDocument, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';

/**
 * The fonts every PDF the server draws embeds (labels, invoices, credit notes): Liberation Sans,
 * whose widths are Helvetica's, with all of Latin Extended-A and the comma-below letters, so
 * 'Târgu Mureș', 'Ștefan', 'Țăndărei' print letter for letter (data/fonts/README.md).
 */
const FONT_FILES = { regular: 'LiberationSans-Regular.ttf', bold: 'LiberationSans-Bold.ttf' } as const;

/** data/fonts/, from wherever this file runs: the sources, the tests or the bundle. */
function fontsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'data', 'fonts');
    if (fs.existsSync(path.join(candidate, FONT_FILES.regular))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error(`data/fonts/${FONT_FILES.regular} not found`);
}

type FontBytes = { regular: Uint8Array; bold: Uint8Array; covers: (codePoint: number) => boolean };
let loaded: FontBytes | null = null;

/** The font files, read once; `covers` says whether both fonts have a glyph for a character. */
function fontBytes(): FontBytes {
  if (!loaded) {
    const folder = fontsFolder();
    const regular = new Uint8Array(fs.readFileSync(path.join(folder, FONT_FILES.regular)));
    const bold = new Uint8Array(fs.readFileSync(path.join(folder, FONT_FILES.bold)));
    const faces = [fontkit.create(regular), fontkit.create(bold)];
    const known = new Map<number, boolean>();
    const covers = (cp: number) => {
      let ok = known.get(cp);
      if (ok === undefined) {
        ok = faces.every((f) => f.hasGlyphForCodePoint(cp));
        known.set(cp, ok);
      }
      return ok;
    };
    loaded = { regular, bold, covers };
  }
  return loaded;
}

export type PdfFonts = { regular: PDFFont; bold: PDFFont };

/** The documents' colours (invoices, received e-invoices): text, secondary text, the brand's blue, rules. */
export const PDF_COLOURS = { ink: rgb(0.07, 0.09, 0.15), muted: rgb(0.42, 0.45, 0.5), brand: rgb(0.09, 0.28, 0.65), rule: rgb(0.85, 0.87, 0.9) } as const;

/**
 * Draws one line of text on the page `page()` answers now (a document adds pages as it goes):
 * pdfSafe'd, 9 pt regular ink unless told, `right` aligning its end at x.
 */
export function textDrawer(page: () => PDFPage, regular: PDFFont) {
  return (s: string, x: number, y: number, o: { size?: number; font?: PDFFont; color?: RGB; right?: boolean } = {}) => {
    const size = o.size ?? 9;
    const font = o.font ?? regular;
    const safe = pdfSafe(s);
    const dx = o.right ? font.widthOfTextAtSize(safe, size) : 0;
    page().drawText(safe, { x: x - dx, y, size, font, color: o.color ?? PDF_COLOURS.ink });
  };
}

/** The regular and bold fonts embedded in `doc`, as subsets of the glyphs it uses. */
export async function embedPdfFonts(doc: PDFDocument): Promise<PdfFonts> {
  const { regular, bold } = fontBytes();
  doc.registerFontkit(fontkit);
  return { regular: await doc.embedFont(regular, { subset: true }), bold: await doc.embedFont(bold, { subset: true }) };
}

/**
 * Text as the embedded fonts print it: the old cedilla letters ş ţ (the postal nomenclature still
 * writes them) become the comma-below ș ț of Romanian orthography, line breaks and tabs a space,
 * and a character the fonts lack (an emoji, a control character) '?'.
 */
export function pdfSafe(text: string): string {
  const { covers } = fontBytes();
  const modern = text.replace(/[şŞţŢ]/g, (c) => ({ ş: 'ș', Ş: 'Ș', ţ: 'ț', Ţ: 'Ț' })[c]!).replace(/[\t\r\n\v\f]/g, ' ');
  let out = '';
  for (const ch of modern) {
    const cp = ch.codePointAt(0)!;
    out += cp >= 0x20 && cp !== 0x7f && covers(cp) ? ch : '?';
  }
  return out;
}

/** Text cut into lines that fit a width, by words (at most maxLines). */
export function wrap(text: string, font: PDFFont, size: number, width: number, maxLines = Infinity): string[] {
  const words = pdfSafe(text).split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    const candidate = line ? `${line} ${w}` : w;
    if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
    else {
      lines.push(line);
      line = w;
    }
  }
  if (line) lines.push(line);
  return lines.slice(0, maxLines);
}
