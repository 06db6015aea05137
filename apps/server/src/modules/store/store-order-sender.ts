import { ADDRESS_TYPE_LOCKED, addressText, pickPartyAddress, type TAddressEntry, type TFromLocation, type TPartyAddress } from '@colete/contract';
import type { ShopLocationDetail } from './store-order-locations.js';
import type { ShopFulfillmentOrder } from './store-orders.js';
import type { AddressCorrector } from './store-recipient.js';

/*
 * The sender of an awaiting fulfillment order (spec 002 "Fulfillment order" fromLocation): the shop's
 * location, and the platform's pick-up address for it. Without an association (the senders part
 * adds them, validationStrategy ASSOCIATION), it is the client's default address-book entry
 * (DEFAULT_ADDRESS), else the location's own address read through the nomenclature (LOCATION,
 * addressId null, with the nomenclature's errors).
 */

/** The address book as the order page reads it (the addresses module's service, given by the composition root). */
export type SenderBook = { list(userId: number, opts: { limit?: number }): Promise<{ addresses: TAddressEntry[] }> };

/** The client's default sender: the pick-up point address (type 10), else the first entry, as the new-shipment page chooses. */
export async function defaultEntryOf(book: SenderBook, userId: number): Promise<TAddressEntry | null> {
  const { addresses } = await book.list(userId, { limit: 100 });
  return addresses.find((e) => e.type === ADDRESS_TYPE_LOCKED) ?? addresses[0] ?? null;
}

const partyOfEntry = (e: TAddressEntry): TPartyAddress => pickPartyAddress({ ...e, addressCountryCode: e.addressCountry.code });
const contactOf = (p: TPartyAddress) => ({ name: p.contactName, phone: p.contactPhone, email: p.contactEmail, phone2: p.contactPhone2 });

/** The location's own address read through the nomenclature: the contact is the location (its name and phone). */
export async function locationParty(corrector: AddressCorrector, location: ShopLocationDetail) {
  const a = location.address;
  const correction = await corrector.correct({
    province: a.province ?? a.provinceCode ?? undefined,
    city: a.city ?? undefined,
    zip: a.zip ?? undefined,
    address1: a.address1 ?? undefined,
    address2: a.address2 ?? undefined,
    countryCode: a.countryCode ?? undefined,
  });
  const c = correction.internalAddress;
  const party: TPartyAddress = {
    contactName: location.name,
    contactCompany: null,
    contactPhone: a.phone ?? '',
    contactPhone2: null,
    contactEmail: null,
    addressCountryCode: (a.countryCode ?? 'RO').toUpperCase(),
    addressCountyCode: c.countyCode,
    addressCounty: c.county,
    addressCity: c.city,
    addressPostalCode: c.postalCode,
    addressStreet: c.street || null,
    addressNumber: c.number || null,
    addressBlock: null,
    addressEntrance: null,
    addressIntercom: null,
    addressFloor: null,
    addressApartment: null,
    addressAdditionalInfo: c.additionalInfo || null,
  };
  return { party, errors: correction.errors };
}

export type SenderContext = { corrector: AddressCorrector; defaultEntry: TAddressEntry | null; locations: ShopLocationDetail[] };

/** The sender of one awaiting fulfillment order (where it may move is added by the caller). */
export async function fromLocationOf(fo: ShopFulfillmentOrder, ctx: SenderContext): Promise<Omit<TFromLocation, 'hasViableLocationsForMove' | 'possibleLocationsForMove'>> {
  const location = ctx.locations.find((l) => l.id === fo.location.id) ?? null;
  const locationId = fo.location.id ?? '';
  const shopifyAddress = { name: fo.location.name, location: { id: locationId, legacyResourceId: location?.legacyResourceId ?? locationId.split('/').pop() ?? '', address: { formatted: location?.address.formatted ?? [] } } };
  if (ctx.defaultEntry) {
    const party = partyOfEntry(ctx.defaultEntry);
    return {
      shopifyAddress,
      internalAddress: { locationId, addressId: ctx.defaultEntry.id, mutationId: null, validationStrategy: 'DEFAULT_ADDRESS', contact: contactOf(party), address: party, fullAddress: ctx.defaultEntry.fullAddress },
      errors: [],
    };
  }
  if (!location) return { shopifyAddress, internalAddress: null, errors: [] };
  const { party, errors } = await locationParty(ctx.corrector, location);
  return {
    shopifyAddress,
    internalAddress: { locationId, addressId: null, mutationId: null, validationStrategy: 'LOCATION', contact: contactOf(party), address: party, fullAddress: addressText(party, 'entry') },
    errors,
  };
}
