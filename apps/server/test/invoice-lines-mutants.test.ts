import { describe, expect, it } from 'vitest';
import { chargeLine, invoiceLines, stornoLines, vatByRate } from '../src/modules/invoicing/invoice-lines.js';

/**
 * Invoice lines at the edges their mutants showed untested (npm run mutate): net and VAT in exact
 * bani, a storno the exact opposite of its line, the unit price of several, the VAT of a supply
 * on either side of Bucharest midnight when the rate changed, and advances reversed oldest first.
 */
const STORNO = 'Stornare avans: sold preplatit returnat clientului';

describe('invoice lines', () => {
  it('splits each gross line at its own rate, in exact bani; a storno line is the exact opposite', () => {
    expect(invoiceLines([{ description: 'Expediere', grossBani: 687_00 }], 21)).toEqual([
      { description: 'Expediere', quantity: 1, unitNetBani: 567_77, netBani: 567_77, vatBani: 119_23, vatPercent: 21 },
    ]);
    expect(invoiceLines([{ description: 'Storno', grossBani: -687_00 }], 21)).toEqual([
      { description: 'Storno', quantity: 1, unitNetBani: -567_77, netBani: -567_77, vatBani: -119_23, vatPercent: 21 },
    ]);
    // The line's own rate wins over the invoice date's.
    expect(invoiceLines([{ description: 'Avans', grossBani: 119_00, vatPercent: 19 }], 21)[0]).toMatchObject({ netBani: 100_00, vatBani: 19_00, vatPercent: 19 });
    expect(invoiceLines([{ description: 'Un ban', grossBani: 1 }], 21)[0]).toMatchObject({ netBani: 1, vatBani: 0 });
  });

  it('gives the unit net price of several, rounded to the ban', () => {
    expect(invoiceLines([{ description: 'Trei colete', grossBani: 100_00, quantity: 3 }], 21)).toEqual([
      { description: 'Trei colete', quantity: 3, unitNetBani: 27_55, netBani: 82_64, vatBani: 17_36, vatPercent: 21 },
    ]);
  });

  it('sums the VAT by rate, lowest rate first, lines without a rate at the invoice\'s', () => {
    const lines = [
      { description: 'a', quantity: 1, unitNetBani: 100, netBani: 100, vatBani: 21, vatPercent: 21 },
      { description: 'b', quantity: 1, unitNetBani: 200, netBani: 200, vatBani: 38, vatPercent: 19 },
      { description: 'c', quantity: 1, unitNetBani: 300, netBani: 300, vatBani: 63 },
      { description: 'd', quantity: 1, unitNetBani: -50, netBani: -50, vatBani: -10, vatPercent: 19 },
    ];
    expect(vatByRate({ lines, vatPercent: 21 })).toEqual([
      { vatPercent: 19, netBani: 150, vatBani: 28 },
      { vatPercent: 21, netBani: 400, vatBani: 84 },
    ]);
    expect(vatByRate({ lines: [], vatPercent: 21 })).toEqual([]);
  });

  it('charges a shipment at the VAT of its Bucharest day: 19% until 31 July 2025 23:59:59, 21% from 1 August', () => {
    expect(chargeLine({ description: 'AWB 1', amountBani: 30_00, createdAt: new Date('2025-07-31T20:59:59Z') })).toEqual({ description: 'AWB 1', grossBani: 30_00, vatPercent: 19, suppliedOn: '2025-07-31' });
    expect(chargeLine({ description: 'AWB 2', amountBani: 30_00, createdAt: new Date('2025-07-31T21:00:00Z') })).toEqual({ description: 'AWB 2', grossBani: 30_00, vatPercent: 21, suppliedOn: '2025-08-01' });
  });
});

describe('the storno of returned advances', () => {
  it('reverses the advances oldest first after what earlier settlements reversed, one line per rate', () => {
    const advances = [
      { totalBani: 100_00, vatPercent: 19 },
      { totalBani: 50_00, vatPercent: 21 },
    ];
    expect(stornoLines(advances, 30_00, 100_00)).toEqual([
      { description: `${STORNO} (avans cu TVA 19%)`, grossBani: -70_00, vatPercent: 19 },
      { description: `${STORNO} (avans cu TVA 21%)`, grossBani: -30_00, vatPercent: 21 },
    ]);
    expect(stornoLines(advances, 0, 40_00)).toEqual([{ description: STORNO, grossBani: -40_00, vatPercent: 19 }]);
    expect(stornoLines(advances, 0, 100_00)).toEqual([{ description: STORNO, grossBani: -100_00, vatPercent: 19 }]);
    expect(stornoLines(advances, 0, 100_01)).toEqual([
      { description: `${STORNO} (avans cu TVA 19%)`, grossBani: -100_00, vatPercent: 19 },
      { description: `${STORNO} (avans cu TVA 21%)`, grossBani: -1, vatPercent: 21 },
    ]);
    expect(stornoLines(advances, 0, 0)).toEqual([]);
  });

  it('skips an advance earlier settlements reversed whole; what no advance explains takes today\'s rate', () => {
    const advances = [
      { totalBani: 10_00, vatPercent: 19 },
      { totalBani: 40_00, vatPercent: 21 },
    ];
    expect(stornoLines(advances, 25_00, 25_00)).toEqual([{ description: STORNO, grossBani: -25_00, vatPercent: 21 }]);
    expect(stornoLines(advances, 10_00, 40_00)).toEqual([{ description: STORNO, grossBani: -40_00, vatPercent: 21 }]);
    // Beyond every advance: today's standard rate (21% since August 2025), merged with a 21% advance.
    expect(stornoLines(advances, 25_00, 30_00)).toEqual([{ description: STORNO, grossBani: -30_00, vatPercent: 21 }]);
    expect(stornoLines([{ totalBani: 20_00, vatPercent: 19 }], 0, 50_00)).toEqual([
      { description: `${STORNO} (avans cu TVA 19%)`, grossBani: -20_00, vatPercent: 19 },
      { description: `${STORNO} (avans cu TVA 21%)`, grossBani: -30_00, vatPercent: 21 },
    ]);
    expect(stornoLines([], 0, 5_00)).toEqual([{ description: STORNO, grossBani: -5_00, vatPercent: 21 }]);
    // Part of the first advance reversed before: only what is left of it, then the next one whole.
    expect(stornoLines([{ totalBani: 10_00, vatPercent: 21 }, { totalBani: 40_00, vatPercent: 19 }], 5_00, 50_00)).toEqual([
      { description: `${STORNO} (avans cu TVA 21%)`, grossBani: -10_00, vatPercent: 21 },
      { description: `${STORNO} (avans cu TVA 19%)`, grossBani: -40_00, vatPercent: 19 },
    ]);
  });
});
