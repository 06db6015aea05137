import { describe, expect, it } from 'vitest';
import { addressDetailsLine, addressFormFields, addressText, pickPartyAddress, PARTY_ADDRESS_KEYS, type TPartyAddress } from './party-address.js';

const address: TPartyAddress = {
  contactName: 'Ion Popescu',
  contactCompany: null,
  contactPhone: '+40733000002',
  contactPhone2: null,
  contactEmail: null,
  addressCountryCode: 'RO',
  addressCountyCode: 'B',
  addressCounty: 'București',
  addressCity: 'Sectorul 1',
  addressPostalCode: '010093',
  addressStreet: 'Calea Victoriei',
  addressNumber: '120',
  addressBlock: 'A',
  addressEntrance: null,
  addressIntercom: '14B',
  addressFloor: '3',
  addressApartment: '14',
  addressAdditionalInfo: 'Langa parc',
};

describe('the address shape', () => {
  it('writes the one-line forms the answers use', () => {
    expect(addressText(address, 'entry')).toBe('Calea Victoriei, Nr. 120, Bl. A, Int. 14B, Et. 3, Ap. 14');
    expect(addressText(address, 'withLocality')).toBe('Calea Victoriei, Nr. 120, Bl. A, Int. 14B, Et. 3, Ap. 14, 010093 Sectorul 1, jud. București');
    expect(addressText(address, 'shipment')).toBe('Calea Victoriei 120, Bl. A, Et. 3, Ap. 14, Langa parc');
    expect(addressDetailsLine(address)).toBe('Bl. A, Et. 3, Ap. 14, Interfon 14B, Langa parc');
    expect(addressDetailsLine({ ...address, addressBlock: null, addressIntercom: null, addressFloor: null, addressApartment: null, addressAdditionalInfo: null })).toBeNull();
  });

  it('picks its own fields and gives them back in the form names', () => {
    expect(pickPartyAddress({ ...address, id: 7, shortName: 'x' } as TPartyAddress)).toEqual(address);
    expect(PARTY_ADDRESS_KEYS).toHaveLength(18);
    expect(addressFormFields({ ...address, addressNumber: null })).toMatchObject({ countyCode: 'B', city: 'Sectorul 1', postalCode: '010093', number: '', intercom: '14B' });
  });
});
