import type { TAddressEntry } from '@colete/contract';
import type { AddressEntryValues } from './entry-values';

/* An address-book entry and its form values, for the tests of the mappings (here and in the features). */

export const entry: TAddressEntry = {
  id: 7,
  shortName: 'Acasa',
  contactCompany: null,
  contactName: 'Ion Popescu',
  contactPhone: '0722123456',
  contactPhone2: null,
  contactEmail: 'ion@example.ro',
  addressCountry: { code: 'RO', nameRo: 'Romania' },
  addressCountyCode: 'B',
  addressCounty: 'Bucuresti',
  addressCity: 'Sector 1',
  addressPostalCode: '010011',
  addressStreet: 'Strada Exemplu',
  addressNumber: '5',
  addressBlock: 'A1',
  addressEntrance: null,
  addressIntercom: null,
  addressFloor: '2',
  addressApartment: '14',
  addressAdditionalInfo: null,
  type: 1,
  fullAddress: 'Strada Exemplu nr. 5, bl. A1, et. 2, ap. 14',
};

export const entryValues: AddressEntryValues = {
  shortName: 'Acasa',
  contactName: 'Ion Popescu',
  contactCompany: '',
  contactPhone: '0722123456',
  contactPhone2: '',
  contactEmail: 'ion@example.ro',
  countyCode: 'B',
  city: 'Sector 1',
  postalCode: '010011',
  street: 'Strada Exemplu',
  number: '5',
  block: 'A1',
  entrance: '',
  intercom: '',
  floor: '2',
  apartment: '14',
  additionalInfo: '',
};
