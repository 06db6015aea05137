import { ZPickupAddress, ZPickupPointRequest, messages, type TPickupAddResponse, type TPickupAddress, type TPickupPointRequest } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { FormValuesOf } from '../../../lib/form-resolver';
import { EMPTY_ADDRESS } from '../../../components/address-form/address-fields';
import { EMPTY_PARTY_CONTACT, PARTY_INPUT_FIELDS, partyInputOf } from '../../../components/address-form/entry-values';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { pickupKeys } from './pickup-keys';

const p = messages.pickupPoints;

/** POST user/pick-up-points/add. */
export const addPickupPoint = (body: TPickupPointRequest) => api<TPickupAddResponse>('POST', 'user/pick-up-points/add', body);

export function useAddPickupPoint() {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: addPickupPoint,
    // A new address may have joined the address book too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pickupKeys.all(acting) }),
  });
}

/* ---- The three-step form: its values, its rules (the request's contract), and the payload ---- */

const newAddressSchema = ZPickupAddress.options[1];

/**
 * The form's values: a new address as the request's typed address holds it (contact, the shared
 * address fields, saveAs), the request's courier and days, and what the page asks in its own terms
 * (where the address comes from, the typed count, the printer as a yes/no choice).
 */
export type PickupFormValues = FormValuesOf<z.input<typeof newAddressSchema>> &
  Pick<TPickupPointRequest, 'courier'> &
  Required<Pick<TPickupPointRequest, 'pickUpDays'>> & {
    source: 'book' | 'new';
    addressId: number | null;
    saveToBook: boolean;
    /** The chosen courier picks up on chosen weekdays (scheduleType 2). */
    weekdays: boolean;
    estimatedOrderCount: string;
    printerAvailable: '' | 'yes' | 'no';
  };

export const EMPTY_PICKUP_FORM: PickupFormValues = {
  ...EMPTY_ADDRESS,
  ...EMPTY_PARTY_CONTACT,
  contactPhone2: '',
  source: 'book',
  addressId: null,
  saveToBook: true,
  saveAs: '',
  courier: '',
  weekdays: false,
  estimatedOrderCount: '',
  pickUpDays: [],
  printerAvailable: '',
};

/** The fields of each step, for validating one step before the next. */
export const STEP_FIELDS = {
  address: ['addressId', 'saveAs', ...PARTY_INPUT_FIELDS],
  courier: ['courier'],
  details: ['estimatedOrderCount', 'pickUpDays', 'printerAvailable'],
} as const satisfies Record<string, readonly (keyof PickupFormValues)[]>;

const addressOf = (v: PickupFormValues): TPickupAddress =>
  v.source === 'book' ? { addressId: v.addressId ?? 0 } : { ...partyInputOf(v), saveAs: v.saveToBook ? v.saveAs : null };

/** The request the form's values make. */
export function toPickupRequest(v: PickupFormValues): TPickupPointRequest {
  return {
    address: addressOf(v),
    courier: v.courier,
    estimatedOrderCount: v.estimatedOrderCount.trim() === '' ? (undefined as unknown as number) : Number(v.estimatedOrderCount),
    pickUpDays: v.weekdays ? v.pickUpDays : [],
    printerAvailable: v.printerAvailable === '' ? (undefined as unknown as boolean) : v.printerAvailable === 'yes',
  };
}

/**
 * The form's rules are the request's contract, put on the form's fields; besides, the address
 * name when saving to the address book, and the weekdays of a scheduleType 2 courier.
 */
export const pickupFormSchema = z.custom<PickupFormValues>().check((ctx) => {
  const v = ctx.value;
  const issue = (path: keyof PickupFormValues | string, message: string) => ctx.issues.push({ code: 'custom', path: [path], message, input: v });
  if (v.source === 'book') {
    if (!v.addressId) issue('addressId', p.addressRequired);
  } else {
    const parsed = newAddressSchema.safeParse(addressOf(v));
    if (!parsed.success) for (const i of parsed.error.issues) issue(String(i.path[0]), i.message);
    if (v.saveToBook && !v.saveAs.trim()) issue('saveAs', messages.address.shortNameRequired);
  }
  const request = ZPickupPointRequest.omit({ address: true }).safeParse(toPickupRequest(v));
  if (!request.success) for (const i of request.error.issues) issue(String(i.path[0]), i.message);
  if (v.weekdays && v.pickUpDays.length === 0) issue('pickUpDays', p.daysRequired);
});

/** The server's paths ('address.city', 'address') on the form's fields. */
export const formFieldOfServerPath = (path: string) => (path === 'address' ? 'addressId' : path.replace(/^address\./, '').replace(/\..*$/, ''));
