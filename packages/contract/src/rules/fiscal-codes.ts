/** Romanian CUI/CIF: optional 'RO', 2 to 10 digits, the last a check digit (key 753217532). */
export function normalizeCui(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase().replace(/^RO/, '');
}

export function isValidCui(value: string): boolean {
  const cui = normalizeCui(value);
  if (!/^\d{2,10}$/.test(cui)) return false;
  const digits = cui.slice(0, -1).padStart(9, '0');
  const key = '753217532';
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(digits[i]) * Number(key[i]);
  const check = ((sum * 10) % 11) % 10;
  return check === Number(cui[cui.length - 1]);
}

/** CNP: 13 digits, the last a check digit (key 279146358279), with a plausible birth date. */
export function isValidCnp(value: string): boolean {
  const cnp = value.trim();
  if (!/^[1-9]\d{12}$/.test(cnp)) return false;
  const key = '279146358279';
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(cnp[i]) * Number(key[i]);
  const check = sum % 11 === 10 ? 1 : sum % 11;
  if (check !== Number(cnp[12])) return false;
  const month = Number(cnp.slice(3, 5));
  const day = Number(cnp.slice(5, 7));
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}
