import { messages, ZAddressInput, type TAddressEntry, type TShipmentParty } from '@colete/contract';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { EMPTY_ADDRESS } from '../../../components/address-form/address-fields';
import { ADDRESS_PART_FIELDS, EMPTY_PARTY_CONTACT, partyInputOf } from '../../../components/address-form/entry-values';
import type { FormValuesOf } from '../../../lib/form-resolver';

/** A sender or recipient typed on the page: contact, the shared address fields, and the 'save in the address book' choice. */
export type PartyValues = Omit<FormValuesOf<z.input<typeof partyFormSchema>>, 'contactPhone2'>;

export const EMPTY_PARTY: PartyValues = { ...EMPTY_ADDRESS, ...EMPTY_PARTY_CONTACT, save: false, saveAs: '' };

/** The contract's typed party (an address-book entry's input without its name), plus the name to save it under. */
export const partyFormSchema = ZAddressInput.omit({ shortName: true })
  .extend({ save: z.boolean(), saveAs: z.string().trim().max(60, messages.common.fieldInvalid) })
  .check((ctx) => {
    if (ctx.value.save && !ctx.value.saveAs) ctx.issues.push({ code: 'custom', path: ['saveAs'], message: messages.address.shortNameRequired, input: ctx.value.saveAs });
  });

/** A party's form: typed values in, the contract's parsed party out. */
export type PartyForm = UseFormReturn<PartyValues, unknown, z.output<typeof partyFormSchema>>;

export const PARTY_FIELDS = ['contactName', 'contactCompany', 'contactPhone', 'contactEmail', 'saveAs', ...ADDRESS_PART_FIELDS] as const;

/** Where a party comes from: an address-book entry, or the form. */
export type PartySource = { mode: 'book'; entry: TAddressEntry | null } | { mode: 'new' };

/** The party as the draft sends it; the save name only when saving. */
export function toParty(source: PartySource, values: PartyValues): TShipmentParty | null {
  if (source.mode === 'book') return source.entry ? { addressId: source.entry.id } : null;
  return { ...partyInputOf(values), saveAs: values.save ? values.saveAs : null };
}

/** Messages the page shows when an address-book choice is missing (spec 001 section 5, address picker). */
export const PICK_FROM_LIST = 'Va rugam sa alegeti o adresa din lista fara a modifica valoarea acesteia!';
