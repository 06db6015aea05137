/**
 * Code 128 (ISO/IEC 15417), code sets B and C: what courier labels print under the AWB. Digit
 * runs go in set C (two digits a symbol), the rest in set B (printable ASCII).
 */

/** Bar/space widths in modules, bar first, for the symbol values 0-106 (106: stop with its final bar). */
const WIDTHS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
] as const;

export const CODE128 = { codeC: 99, codeB: 100, startB: 104, startC: 105, stop: 106 } as const;

/** Widths of one symbol value, bar first (7 widths for the stop). */
export const code128Widths = (value: number): string => WIDTHS[value]!;

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const digitRun = (text: string, from: number) => {
  let i = from;
  while (isDigit(text[i])) i++;
  return i - from;
};

/**
 * The symbol values of a text: start, data, checksum, stop. Set C where it saves width: from the
 * start for 4+ digits (or exactly 2), in the middle for 6+ digits, at the end for 4+.
 */
export function code128Symbols(text: string): number[] {
  if (text.length === 0) throw new Error('Code 128: empty text');
  for (const c of text) {
    const code = c.charCodeAt(0);
    if (code < 32 || code > 126) throw new Error(`Code 128 B/C cannot encode ${JSON.stringify(c)}`);
  }
  const data: number[] = [];
  let i = 0;
  const first = digitRun(text, 0);
  let set: 'B' | 'C' = first >= 4 || (first === 2 && text.length === 2) ? 'C' : 'B';
  const start = set === 'C' ? CODE128.startC : CODE128.startB;
  while (i < text.length) {
    if (set === 'C') {
      if (digitRun(text, i) >= 2) {
        data.push(Number(text.slice(i, i + 2)));
        i += 2;
        continue;
      }
      data.push(CODE128.codeB);
      set = 'B';
      continue;
    }
    const run = digitRun(text, i);
    const worthC = run >= 6 || (run >= 4 && i + run === text.length);
    if (worthC) {
      // An odd run keeps its first digit in set B, so set C gets pairs.
      if (run % 2 === 1) {
        data.push(text.charCodeAt(i) - 32);
        i++;
      }
      data.push(CODE128.codeC);
      set = 'C';
      continue;
    }
    data.push(text.charCodeAt(i) - 32);
    i++;
  }
  const checksum = data.reduce((sum, v, k) => sum + v * (k + 1), start) % 103;
  return [start, ...data, checksum, CODE128.stop];
}

/** The bars as [start module, width in modules] pairs, without quiet zones. */
export function code128Bars(text: string): { bars: [number, number][]; modules: number } {
  const bars: [number, number][] = [];
  let x = 0;
  for (const value of code128Symbols(text)) {
    const widths = WIDTHS[value]!;
    for (let k = 0; k < widths.length; k++) {
      const w = Number(widths[k]);
      if (k % 2 === 0) bars.push([x, w]);
      x += w;
    }
  }
  return { bars, modules: x };
}
