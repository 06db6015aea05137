import type { PDFFont } from 'pdf-lib';

/**
 * The standard PDF fonts only know Windows-1252: Romanian letters outside it (a breve, s and t
 * with comma or cedilla) are printed without their marks, other unknown characters as '?'.
 */
export function pdfSafe(text: string): string {
  const folded = text
    .replace(/[ăĂ]/g, (c) => (c === 'ă' ? 'a' : 'A'))
    .replace(/[șşȘŞ]/g, (c) => (c === 'ș' || c === 'ş' ? 's' : 'S'))
    .replace(/[țţȚŢ]/g, (c) => (c === 'ț' || c === 'ţ' ? 't' : 'T'));
  // Printable Latin-1 plus the handful of Windows-1252 extras the fonts carry.
  return folded.replace(/[^\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/g, '?');
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
