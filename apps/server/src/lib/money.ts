/** Money is integer bani everywhere; the API shows RON with two decimals as a string. */
export function baniToRon(bani: number | bigint): string {
  const value = BigInt(bani);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const lei = abs / 100n;
  const rest = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${lei}.${rest}`;
}
