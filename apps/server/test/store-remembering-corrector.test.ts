import { describe, expect, it } from 'vitest';
import type { AddressCorrection, StoreAddress } from '../src/modules/geo/index.js';
import { rememberingCorrector } from '../src/modules/store/store-recipient.js';

/*
 * The order page corrects the shop's locations (every card's sender) on every read: the same few
 * addresses. Their corrections are remembered for a while, a copy handed out each time; a failed
 * correction is asked again.
 */

const depot: StoreAddress = { province: 'București', city: 'București', zip: '030031', address1: 'Strada Lipscani 12', countryCode: 'RO' };
const cluj: StoreAddress = { province: 'Cluj', city: 'Cluj-Napoca', zip: '400129', address1: 'Bulevardul Eroilor 21', countryCode: 'RO' };

function counting(fail = false) {
  const calls: StoreAddress[] = [];
  return {
    calls,
    async correct(input: StoreAddress): Promise<AddressCorrection> {
      calls.push(input);
      if (fail && calls.length === 1) throw new Error('database gone');
      return { internalAddress: { countyCode: 'B', county: 'București', city: input.city ?? '', postalCode: input.zip ?? '', street: input.address1 ?? '', number: '12', additionalInfo: '' }, errors: [], info: [] };
    },
  };
}

describe('the remembered corrections of the shop locations', () => {
  it('corrects an address once while it is remembered, each caller getting its own copy', async () => {
    const inner = counting();
    let t = 0;
    const corrector = rememberingCorrector(inner, { ttlMs: 1000, now: () => t });
    const [a, b] = await Promise.all([corrector.correct(depot), corrector.correct({ ...depot })]);
    expect(inner.calls).toHaveLength(1);
    expect(a).toEqual(b);
    a.errors.push({ type: 'NUMBER_ERROR', suggestions: [] });
    expect((await corrector.correct(depot)).errors).toEqual([]);
    await corrector.correct(cluj);
    expect(inner.calls).toHaveLength(2);
    t = 1000; // forgotten after its time: the nomenclature may have been loaded again
    await corrector.correct(depot);
    expect(inner.calls).toHaveLength(3);
  });

  it('keeps at most `max` addresses, the oldest going first', async () => {
    const inner = counting();
    const corrector = rememberingCorrector(inner, { max: 1 });
    await corrector.correct(depot);
    await corrector.correct(cluj);
    await corrector.correct(depot);
    expect(inner.calls.map((c) => c.city)).toEqual(['București', 'Cluj-Napoca', 'București']);
  });

  it('does not remember a failed correction', async () => {
    const inner = counting(true);
    const corrector = rememberingCorrector(inner);
    await expect(corrector.correct(depot)).rejects.toThrow('database gone');
    await expect(corrector.correct(depot)).resolves.toMatchObject({ errors: [] });
    expect(inner.calls).toHaveLength(2);
  });
});
