/** The simulator's test cards, as processors document theirs: one per outcome, each with the bank that issued it. */
export const TEST_CARDS = {
  '4242424242424242': { brand: 'Visa', outcome: 'succeeded', bank: 'Banca Transilvania' },
  '5555555555554444': { brand: 'Mastercard', outcome: 'succeeded', bank: 'Banca Comerciala Romana' },
  '4000000000000002': { brand: 'Visa', outcome: 'declined', bank: 'ING Bank' },
  '4000000000003220': { brand: 'Visa', outcome: '3ds', bank: 'BRD - Groupe Societe Generale' },
  /** Pays now, but its later automatic charges are declined (an expired or blocked card). */
  '4000000000000341': { brand: 'Visa', outcome: 'succeeded', recurring: 'declined', bank: 'Raiffeisen Bank' },
} as const;

/** The issuing bank of the test card with these last digits (a saved card's charges know only them); none for another card. */
export function testCardBank(lastDigits: string): string | undefined {
  return Object.entries(TEST_CARDS).find(([number]) => number.endsWith(lastDigits))?.[1].bank;
}

/** The token the simulator gives a saved card: what its later charges do, and its last digits. */
export function savedCardToken(number: string): string {
  const known = TEST_CARDS[number as keyof typeof TEST_CARDS] as { recurring?: string } | undefined;
  return `sim_${known?.recurring === 'declined' ? 'decline' : 'ok'}_${number.slice(-4)}`;
}

export type CardCheck =
  | { ok: true; brand: string; outcome: 'succeeded' | 'declined' | '3ds'; lastDigits: string; expiryDate: string; token: string }
  | { ok: false; field: 'number' | 'expiry' | 'cvc'; message: string };

/** Luhn checksum, as a real processor checks a card number before anything else. */
function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** What the simulator's processor says about a card typed on its page. */
export function checkCard(rawNumber: string, rawExpiry: string, cvc: string, now = new Date()): CardCheck {
  const number = rawNumber.replace(/\s+/g, '');
  if (!/^\d{13,19}$/.test(number) || !luhn(number)) return { ok: false, field: 'number', message: 'Numarul cardului este invalid.' };
  const m = rawExpiry.trim().match(/^(\d{2})\s*\/\s*(\d{2})$/);
  const month = m ? Number(m[1]) : 0;
  const year = m ? 2000 + Number(m[2]) : 0;
  if (!m || month < 1 || month > 12) return { ok: false, field: 'expiry', message: 'Data de expirare este invalida (LL/AA).' };
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    return { ok: false, field: 'expiry', message: 'Cardul este expirat.' };
  }
  if (!/^\d{3,4}$/.test(cvc.trim())) return { ok: false, field: 'cvc', message: 'Codul CVV este invalid.' };
  const known = TEST_CARDS[number as keyof typeof TEST_CARDS];
  // Any other valid card number is declined, as a test environment does with real cards.
  return {
    ok: true,
    brand: known?.brand ?? (number.startsWith('5') ? 'Mastercard' : 'Visa'),
    outcome: known?.outcome ?? 'declined',
    lastDigits: number.slice(-4),
    expiryDate: `${m[1]}/${m[2]}`,
    token: savedCardToken(number),
  };
}
