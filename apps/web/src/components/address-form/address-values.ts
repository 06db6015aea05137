import { numberInRange, type ZAddressFields } from '@colete/contract';
import type { z } from 'zod';
import type { FormValuesOf } from '../../lib/form-resolver';

/** The address fields every form shares (the contract's ZAddressFields); values are strings, '' when empty. */
export type AddressFormValues = FormValuesOf<z.input<typeof ZAddressFields>>;

export const EMPTY_ADDRESS: AddressFormValues = {
  countyCode: '',
  city: '',
  postalCode: '',
  street: '',
  number: '',
  block: '',
  entrance: '',
  intercom: '',
  floor: '',
  apartment: '',
  additionalInfo: '',
};

export type StreetCode = { code: string; street: string; numbers: string };

/** The code of the street that covers the house number, or the street's first code. */
export function codeForNumber(codes: StreetCode[], houseNumber: string): string | undefined {
  return (houseNumber ? codes.find((c) => numberInRange(c.numbers, houseNumber)) : undefined)?.code ?? codes[0]?.code;
}
