import { grossOfNet, splitGross } from '@colete/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkEInvoice } from '../src/integrations/e-invoicing/cius-ro-rules.js';
import { chargeLine, invoiceLines, splitRateTotal, vatByRate } from '../src/modules/invoicing/invoice-lines.js';
import { invoiceUbl } from '../src/modules/invoicing/invoice-ubl.js';
import { BUYERS, invoiceRow } from './support/invoice-rows.js';

/*
 * An invoice's VAT per rate, computed once on the rate's total (BR-CO-17), not summed from rounded
 * lines (issue 26): the gross charged is unchanged, lines and totals add up to the ban.
 */

const RATES = [21, 19, 11, 9, 5];
const lines = (grosses: number[], vatPercent = 21) => invoiceLines(grosses.map((g, i) => ({ description: `L${i}`, grossBani: g, vatPercent })), vatPercent);

describe('the VAT of a rate on its total', () => {
  it('splits a rate\'s gross total: the taxable amount rounded, the VAT what is left, a negative total the exact opposite', () => {
    expect(splitRateTotal(121_00, 21)).toEqual({ netBani: 100_00, vatBani: 21_00 });
    expect(splitRateTotal(119_00, 19)).toEqual({ netBani: 100_00, vatBani: 19_00 });
    // 100 lei at 21%: 82.6446 -> 82.64; no net gives exactly 100.00 (82.64 -> 99.99, 82.65 -> 100.01), so the VAT is 17.36, a ban above 82.64 x 21%.
    expect(splitRateTotal(100_00, 21)).toEqual({ netBani: 82_64, vatBani: 17_36 });
    expect(grossOfNet(82_64, 21)).toBe(99_99);
    expect(splitRateTotal(-100_00, 21)).toEqual({ netBani: -82_64, vatBani: -17_36 });
    // 0.605 of a ban rounds up, 0.4959 down: 1.21 -> 1 net; 0.60 -> 0.50 -> 0 VAT on a ban.
    expect(splitRateTotal(1, 21)).toEqual({ netBani: 1, vatBani: 0 });
    expect(splitRateTotal(2, 21)).toEqual({ netBani: 2, vatBani: 0 });
    expect(splitRateTotal(3, 21)).toEqual({ netBani: 2, vatBani: 1 });
    expect(splitRateTotal(-3, 21)).toEqual({ netBani: -2, vatBani: -1 });
    expect(splitRateTotal(0, 21)).toEqual({ netBani: 0, vatBani: 0 });
    expect(splitRateTotal(105, 5)).toEqual({ netBani: 100, vatBani: 5 });
    expect(splitRateTotal(1_000_000_000_00, 9)).toEqual({ netBani: 917_431_192_66, vatBani: 82_568_807_34 });
  });

  it('gives every rate\'s VAT within a ban of round(taxable x rate / 100), exactly it whenever a taxable amount reaches the gross', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_00, max: 10_000_000_00 }), fc.constantFrom(...RATES), (gross, rate) => {
        const { netBani, vatBani } = splitRateTotal(gross, rate);
        expect(netBani + vatBani).toBe(gross);
        const strict = Math.sign(netBani) * Math.round((Math.abs(netBani) * rate) / 100) || 0;
        expect(Math.abs(vatBani - strict)).toBeLessThanOrEqual(1);
        if (grossOfNet(Math.abs(netBani), rate) === Math.abs(gross)) expect(vatBani).toBe(strict);
        // The only net that could reach the gross is this one.
        for (const other of [netBani - 1, netBani + 1]) expect(Math.sign(other) * grossOfNet(Math.abs(other), rate)).not.toBe(gross);
      }),
      { numRuns: 5000 },
    );
  });

  it('spreads a rate\'s taxable amount over its lines by the largest remainders, the first line first on a tie', () => {
    // Exact nets 826.45, 827.27, 828.10 (sum 2481.82 -> 2482): the ban goes to the largest remainder, the first line.
    expect(lines([10_00, 10_01, 10_02]).map((l) => [l.netBani, l.vatBani])).toEqual([
      [8_27, 1_73],
      [8_27, 1_74],
      [8_28, 1_74],
    ]);
    // Equal lines: 1487.60 each, 2975.21 -> 2975; the first takes the ban.
    expect(lines([18_00, 18_00]).map((l) => l.netBani)).toEqual([14_88, 14_87]);
    // Remainders 0.99 then 0.50: the first needs 1 ban (sum 2.49 -> 2).
    expect(lines([1, 1], 21).map((l) => l.netBani)).toEqual([1, 1]);
    expect(lines([121, 121, 3]).map((l) => l.netBani)).toEqual([100, 100, 2]);
    // A negated invoice is the exact opposite.
    expect(lines([-10_00, -10_01, -10_02]).map((l) => l.netBani)).toEqual([-8_27, -8_27, -8_28]);
    // Mixed signs in one rate: the charges and the storno of an advance.
    expect(lines([35_70, -100_00]).map((l) => [l.netBani, l.vatBani])).toEqual([
      [29_50, 6_20],
      [-82_64, -17_36],
    ]);
  });

  it('states the VAT of 210 shipments of 18 lei on their total, where adding rounded lines stated 0.83 lei less', () => {
    const many = lines(Array.from({ length: 210 }, () => 18_00));
    const [rate] = vatByRate({ lines: many, vatPercent: 21 });
    expect(rate).toEqual({ vatPercent: 21, netBani: 3123_97, vatBani: 656_03 });
    expect(Math.round((3123_97 * 21) / 100)).toBe(656_03);
    const perLine = splitGross(18_00, 21);
    expect(perLine.vatBani * 210).toBe(655_20);
    expect(many.every((l) => l.netBani === 14_87 || l.netBani === 14_88)).toBe(true);
  });

  it('keeps each rate apart when an invoice spans the 1 August 2025 change from 19% to 21%', () => {
    const before = chargeLine({ description: 'AWB 1', amountBani: 30_00, createdAt: new Date('2025-07-31T20:59:59Z') });
    const after = chargeLine({ description: 'AWB 2', amountBani: 30_00, createdAt: new Date('2025-07-31T21:00:00Z') });
    expect([before.vatPercent, after.vatPercent, before.suppliedOn, after.suppliedOn]).toEqual([19, 21, '2025-07-31', '2025-08-01']);
    const split = invoiceLines([before, after, before], 21);
    expect(split.map((l) => [l.vatPercent, l.netBani, l.vatBani])).toEqual([
      [19, 25_21, 4_79],
      [21, 24_79, 5_21],
      [19, 25_21, 4_79],
    ]);
    expect(vatByRate({ lines: split, vatPercent: 21 })).toEqual([
      { vatPercent: 19, netBani: 50_42, vatBani: 9_58 },
      { vatPercent: 21, netBani: 24_79, vatBani: 5_21 },
    ]);
  });

  it('keeps the gross, adds up per rate and keeps each line within a ban of its exact net, for any lines', () => {
    const line = fc.record({ grossBani: fc.integer({ min: -500_00, max: 2_000_00 }), vatPercent: fc.constantFrom(...RATES) });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 40 }), (inputs) => {
        const split = invoiceLines(inputs.map((l, i) => ({ ...l, description: `L${i}` })), 21);
        split.forEach((l, i) => {
          expect(l.netBani + l.vatBani).toBe(inputs[i]!.grossBani);
          expect(Math.abs(l.netBani * (100 + l.vatPercent!) - inputs[i]!.grossBani * 100)).toBeLessThan(100 + l.vatPercent!);
        });
        for (const r of vatByRate({ lines: split, vatPercent: 21 })) {
          const gross = inputs.filter((l) => l.vatPercent === r.vatPercent).reduce((s, l) => s + l.grossBani, 0);
          expect(r).toEqual({ vatPercent: r.vatPercent, ...splitRateTotal(gross, r.vatPercent) });
        }
        const negated = invoiceLines(inputs.map((l, i) => ({ ...l, grossBani: -l.grossBani, description: `L${i}` })), 21);
        expect(negated.map((l) => -l.netBani || 0)).toEqual(split.map((l) => l.netBani));
      }),
      { numRuns: 500 },
    );
  });

  it('passes BR-CO-17 as e-Factura runs it where the VAT summed from rounded lines fails it', { timeout: 300_000 }, async () => {
    const row = invoiceRow({ kind: 'orders', buyer: BUYERS.vatPayer, lines: Array.from({ length: 210 }, (_, i) => ({ description: `Expediere AWB ${i}`, grossBani: 18_00, vatPercent: 21 })) });
    const now = await checkEInvoice(invoiceUbl(row).xml);
    expect(now.fatal).toEqual([]);
    // The same invoice as it was issued before: each line split alone, the VAT their sum (1.21 x 0.397 x 210 bani off).
    const perLine = splitGross(18_00, 21);
    const old = {
      ...row,
      lines: row.lines.map((l) => ({ ...l, netBani: perLine.netBani, unitNetBani: perLine.netBani, vatBani: perLine.vatBani })),
      netBani: 210 * perLine.netBani,
      vatBani: 210 * perLine.vatBani,
    };
    const before = await checkEInvoice(invoiceUbl(old).xml);
    expect(before.fatal.map((f) => f.id)).toContain('BR-CO-17');
  });
});
