import { ZPickupAddress } from '@colete/contract';
import { describe, expect, it } from 'vitest';
import { entryValues } from '../../../components/address-form/entry-fixtures';
import { EMPTY_PICKUP_FORM, pickupFormSchema, toPickupRequest } from './add-pickup-point';

describe('pick-up point request', () => {
  const { shortName: _name, ...typed } = entryValues;
  const values = { ...EMPTY_PICKUP_FORM, ...typed, source: 'new' as const, saveToBook: true, saveAs: 'Depozit' };

  it('a new address sends its contact and address fields, and saveAs only when saving', () => {
    const { address } = toPickupRequest(values);
    expect(address).toEqual({ ...typed, saveAs: 'Depozit' });
    expect(ZPickupAddress.safeParse(address).success).toBe(true);
    expect(toPickupRequest({ ...values, saveToBook: false }).address).toEqual({ ...typed, saveAs: null });
  });

  it('an address-book entry sends its id only', () => {
    expect(toPickupRequest({ ...values, source: 'book', addressId: 7 }).address).toEqual({ addressId: 7 });
  });

  it('the form puts the typed address messages on its fields', () => {
    const result = pickupFormSchema.safeParse({ ...values, city: '', saveAs: '' });
    const paths = result.success ? [] : result.error.issues.map((i) => i.path[0]);
    expect(paths).toEqual(expect.arrayContaining(['city', 'saveAs', 'courier']));
  });
});
