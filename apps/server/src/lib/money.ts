/** Money is integer bani everywhere; the API shows RON with two decimals as a string. */
export function baniToRon(bani: number | bigint): string {
  const value = BigInt(bani);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const lei = abs / 100n;
  const rest = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${lei}.${rest}`;
}

/** Lei with at most two decimals to integer bani, through the decimal text (no float arithmetic). */
export function leiToBani(lei: number): number {
  const [whole, fraction = ''] = lei.toFixed(2).split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
