import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

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
