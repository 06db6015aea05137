import type { TShipmentDraft } from '@colete/contract';

/** A party typed in full (not an address-book entry). */
type TypedParty = Exclude<TShipmentDraft['sender'], { addressId: number }>;

/** The shipments tests' parties: real places of the nomenclature (Cluj-Napoca to Bucharest). */
export const SENDER: TypedParty = {
  contactName: 'Ana Expeditor',
  contactPhone: '+40722000001',
  countyCode: 'CJ',
  city: 'Cluj-Napoca',
  postalCode: '400114',
  street: 'Memorandumului',
  number: '28',
};
export const RECIPIENT: TypedParty = {
  contactName: 'Ion Destinatar',
  contactPhone: '+40733000002',
  countyCode: 'B',
  city: 'Sectorul 1',
  postalCode: '010093',
  street: 'Calea Victoriei',
  number: '120',
};
/** No cash on delivery, insurance, opening or Saturday delivery. */
export const NO_OPTIONS: TShipmentDraft['options'] = { cod: { active: false, amount: 0 }, insurance: { active: false, amount: 0 }, openAtDelivery: false, saturdayDelivery: false };

/** An order template's return address (the merchant's warehouse in Cluj), with what a test changes. */
export const templateAddress = (extra: object = {}) => ({
  shortName: 'Depozit Cluj',
  contactName: 'Mihai Pop',
  contactCompany: 'Magazin Online SRL',
  contactPhone: '0722123456',
  countyCode: 'CJ',
  city: 'Cluj-Napoca',
  postalCode: '400114',
  street: 'Memorandumului',
  number: '28',
  ...extra,
});
