import { ZShipmentParty } from '@colete/contract';
import { describe, expect, it } from 'vitest';
import { entry, entryValues } from '../../../components/address-form/entry-fixtures';
import { EMPTY_PARTY, toParty } from './party-form';

describe('shipment party request', () => {
  it('a typed party sends its contact (no second phone) and address fields, and saveAs only when saving', () => {
    const { shortName: _name, contactPhone2: _phone2, ...typed } = entryValues;
    const values = { ...EMPTY_PARTY, ...typed, save: true, saveAs: 'Birou' };
    expect(toParty({ mode: 'new' }, values)).toEqual({ ...typed, saveAs: 'Birou' });
    expect(toParty({ mode: 'new' }, values)).not.toHaveProperty('contactPhone2');
    expect(toParty({ mode: 'new' }, { ...values, save: false })).toEqual({ ...typed, saveAs: null });
    expect(ZShipmentParty.safeParse(toParty({ mode: 'new' }, values)).success).toBe(true);
  });

  it('an address-book party sends its id only', () => {
    expect(toParty({ mode: 'book', entry }, EMPTY_PARTY)).toEqual({ addressId: 7 });
    expect(toParty({ mode: 'book', entry: null }, EMPTY_PARTY)).toBeNull();
  });
});
