import { leiToBaniText } from '@colete/contract';

/**
 * An amount typed in lei ('12,5' or '12.50', at most two decimals) as bani, or null when it is not
 * one: the revert and record dialogs check it before sending, and send `bani / 100`.
 */
export function typedLeiBani(text: string): number | null {
  const normalized = text.trim().replace(',', '.');
  return /^\d+(\.\d{1,2})?$/.test(normalized) ? leiToBaniText(normalized) : null;
}
