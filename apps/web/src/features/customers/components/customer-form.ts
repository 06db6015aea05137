import type { TCompanyLookupResponse, TCustomer, TCustomerInput } from '@colete/contract';
import { EMPTY_ADDRESS, type AddressFormValues } from '../../../components/address-form/address-values';

/*
 * The customer dialog as typed: its own fields, a Romanian address in the shared address fields'
 * form, a foreign one as text. The request is the contract's input; the contract checks it here
 * first and again on the server.
 */

export type CustomerDraft = {
  type: 'company' | 'individual';
  name: string;
  country: string;
  phone: string;
  email: string;
  identification: string;
  street: string;
  city: string;
  postalCode: string;
};

export const EMPTY_CUSTOMER: CustomerDraft = { type: 'company', name: '', country: 'RO', phone: '', email: '', identification: '', street: '', city: '', postalCode: '' };

export const isRomanian = (d: Pick<CustomerDraft, 'country'>) => d.country.trim().toUpperCase() === 'RO';

const hasRomanianAddress = (a: AddressFormValues) => [a.countyCode, a.city, a.postalCode, a.street, a.number].some((v) => v.trim() !== '');

export function requestOf(d: CustomerDraft, ro: AddressFormValues): TCustomerInput {
  const romanian = isRomanian(d);
  const abroad = d.street.trim() || d.city.trim() || d.postalCode.trim();
  return {
    type: d.type,
    name: d.name,
    country: d.country,
    phone: d.phone,
    email: d.email,
    identification: d.identification,
    address: romanian
      ? hasRomanianAddress(ro)
        ? { countyCode: ro.countyCode, city: ro.city, postalCode: ro.postalCode, street: ro.street, number: ro.number, block: ro.block, entrance: ro.entrance, floor: ro.floor, apartment: ro.apartment, additionalInfo: ro.additionalInfo }
        : null
      : abroad
        ? { street: d.street, city: d.city, postalCode: d.postalCode }
        : null,
  };
}

/** A saved customer back in the dialog. */
export function draftOf(c: TCustomer): { draft: CustomerDraft; address: AddressFormValues } {
  const a = c.address;
  const romanian = c.country === 'RO';
  return {
    draft: {
      type: c.type,
      name: c.name,
      country: c.country,
      phone: c.phone,
      email: c.email,
      identification: c.identification,
      street: !romanian && a ? a.street : '',
      city: !romanian && a ? a.city : '',
      postalCode: !romanian && a ? a.postalCode : '',
    },
    address:
      romanian && a
        ? { ...EMPTY_ADDRESS, countyCode: a.countyCode, city: a.city, postalCode: a.postalCode, street: a.street, number: a.number, block: a.block, entrance: a.entrance, floor: a.floor, apartment: a.apartment, additionalInfo: a.additionalInfo }
        : { ...EMPTY_ADDRESS },
  };
}

/** The register's company in the dialog: its name and office (the CUI as typed stays). */
export function withCompany(d: CustomerDraft, company: TCompanyLookupResponse['company']): { draft: CustomerDraft; address: AddressFormValues } {
  const a = company.address;
  return {
    draft: { ...d, type: 'company', country: 'RO', name: company.name },
    address: a ? { ...EMPTY_ADDRESS, countyCode: a.countyCode, city: a.city, postalCode: a.postalCode, street: a.street, number: a.number } : { ...EMPTY_ADDRESS },
  };
}

/** A field's message of the Romanian address ('address.city' -> 'city'), for the shared address fields. */
export function addressFieldOf(path: string): keyof AddressFormValues | undefined {
  const part = /^address\.(\w+)$/.exec(path)?.[1];
  return part && part in EMPTY_ADDRESS ? (part as keyof AddressFormValues) : undefined;
}
