/** Romanian IBAN: 'RO', 2 check digits, 4-letter bank code, 16 alphanumerics; ISO 7064 mod-97 = 1. */
export const RO_IBAN_LENGTH = 24;

export const normalizeIban = (value: string) => value.replace(/\s+/g, '').toUpperCase();

export function isValidRomanianIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!/^RO\d{2}[A-Z]{4}[A-Z0-9]{16}$/.test(iban) || iban.length !== RO_IBAN_LENGTH) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const digits = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}

/** Banks by the IBAN's bank code (characters 5 to 8). */
export const BANKS_BY_CODE: Record<string, string> = {
  BTRL: 'Banca Transilvania',
  RNCB: 'BCR',
  BRDE: 'BRD',
  INGB: 'ING Bank',
  RZBR: 'Raiffeisen Bank',
  BACX: 'UniCredit Bank',
  CECE: 'CEC Bank',
  TREZ: 'Trezoreria Statului',
  OTPV: 'OTP Bank',
  PIRB: 'First Bank',
  BREL: 'Libra Internet Bank',
  UGBI: 'Garanti BBVA',
  MIRO: 'ProCredit Bank',
  BUCU: 'Alpha Bank',
  CITI: 'Citibank',
  NBOR: 'BNR',
  EGNA: 'Vista Bank',
  BITR: 'Intesa Sanpaolo Bank',
  CARP: 'Patria Bank',
  PORL: 'Banca Romaneasca',
  DAFB: 'Banca Comerciala Feroviara',
  CRCO: 'Banca Centrala Cooperatista Creditcoop',
  FNNB: 'Credit Europe Bank',
  EXIM: 'EximBank',
  REVO: 'Revolut Bank',
};

/** The bank's name from a valid IBAN, or its bank code when the bank is not in the list. */
export function bankNameFromIban(value: string): string {
  const code = normalizeIban(value).slice(4, 8);
  return BANKS_BY_CODE[code] ?? code;
}
