import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InvoiceParty } from '../src/db/schema.js';
import type { InvoiceLineInput } from '../src/modules/invoicing/invoice-lines.js';
import { BUYERS, expectValidUbl, invoiceRow } from './support/invoice-rows.js';

/*
 * Random invoices (issue 26): any kind, any buyer, lines at 21/19/11/9/5%, quantities and amounts,
 * credit notes and storno lines; each e-invoice passes the official schema and rules and reads back
 * as issued. Each check takes about 1.5 s, so the runs are few and the timeout long.
 */

const RUNS = 15;
const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 140 }).filter((s) => s.trim().length > 0);
const line = fc.record({
  description: text,
  grossBani: fc.integer({ min: 1, max: 5_000_00 }),
  quantity: fc.integer({ min: 1, max: 7 }),
  vatPercent: fc.constantFrom(21, 19, 11, 9, 5),
  suppliedOn: fc.option(fc.constantFrom('2025-07-30', '2025-07-31', '2025-08-01', '2025-09-14'), { nil: undefined }),
});
const buyer = fc.constantFrom<InvoiceParty>(...Object.values(BUYERS));

describe('random invoices as e-invoices', () => {
  it('break no fatal rule and read back as issued', { timeout: RUNS * 10_000 + 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('prepay', 'orders', 'settlement', 'credit_note' as const),
        buyer,
        fc.array(line, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 2_000_00 }),
        async (kind, party, lines, storno) => {
          const inputs: InvoiceLineInput[] = kind === 'credit_note' ? lines.map((l) => ({ ...l, grossBani: -l.grossBani })) : lines;
          // A settlement may reverse advances: a negative line, its total negative when it reverses more.
          if (kind === 'settlement' && storno > 0) inputs.push({ description: 'Stornare avans: sold preplatit returnat clientului', grossBani: -storno, vatPercent: 21 });
          const row = invoiceRow({ kind, buyer: party, lines: inputs });
          const { doc } = await expectValidUbl(row);
          expect(doc.lines).toHaveLength(inputs.length);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
