import {
  REVALIDATE_PENDING_MS,
  STORE_ADDRESS_MESSAGES,
  ZStoreAddressFields,
  ZStoreContactFields,
  messages,
  type TAddressSuggestion,
  type TShippingTo,
} from '@colete/contract';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { AddressFields } from '../../../components/address-form/address-fields';
import { codeForNumber, type AddressFormValues } from '../../../components/address-form/address-values';
import { fetchStreetCodes } from '../../../components/address-form/geo-api';
import { ContactFields } from '../../../components/contact-fields';
import { formResolver } from '../../../lib/form-resolver';
import { CorrectionNotices } from './correction-notices';
import {
  RELATED_FIELDS,
  applySuggestion,
  nextErrors,
  sameShippingTo,
  storeAddressOf,
  storeAddressValues,
  storeContactOf,
  storeContactValues,
  type CorrectionType,
  type StoreContactValues,
} from './delivery-address-rules';
import { StoreAddressView } from './store-address-view';
import { usePhoneCheck, usePostalCodeCheck } from './use-async-checks';

const M = STORE_ADDRESS_MESSAGES;
/** A field's error that only shows a correction error on it: not a validation error of the form. */
const CORRECTION = 'correction';
/** The field that carries an error's short message (the others of the error are only red). */
const FIELD_MESSAGE: Record<string, [keyof AddressFormValues, string]> = {
  CITY_COUNTY_POSTAL_CODE_COMBINATION_ERROR: ['city', M.combinationField],
  STREET_ERROR: ['street', M.streetField],
  NUMBER_ERROR: ['number', M.numberField],
};

/**
 * The order page's 'Adresa pentru livrarea produselor' (spec 001 section 2 "Store address form",
 * section 4 "Address correction"): the shop's address read-only with the editable contact on the
 * left, 'Adresa Colete-Online' (the shared address form) with the corrections and their
 * suggestions on the right. Every change calls onChange with the whole recipient: its address and
 * contact as typed, the correction errors still open, and auto_invalidContact / auto_invalidAddress
 * while a form is invalid. The card reads `shippingTo` at mount; after that it only follows it.
 */
export function DeliveryAddressCard({ shippingTo, onChange }: { shippingTo: TShippingTo; onChange: (next: TShippingTo) => void }) {
  // The recipient the page holds and its callback, for the checks that run from effects and timers.
  const latest = useRef(shippingTo);
  const notify = useRef(onChange);
  // The errors a clicked suggestion answered: gone even when the page reloads the order from the server.
  const answered = useRef(new Set<CorrectionType>());

  const addressForm = useForm<AddressFormValues, unknown, z.output<typeof ZStoreAddressFields>>({
    defaultValues: storeAddressValues(shippingTo.internalAddress.address),
    resolver: formResolver<AddressFormValues>()(ZStoreAddressFields),
    mode: 'onChange',
  });
  const contactForm = useForm<StoreContactValues, unknown, z.output<typeof ZStoreContactFields>>({
    defaultValues: storeContactValues(shippingTo.internalAddress.contact),
    resolver: formResolver<StoreContactValues>()(ZStoreContactFields),
    mode: 'onChange',
  });
  // A clicked suggestion refills the address form: the shared form is mounted anew to read it.
  const [generation, setGeneration] = useState(0);
  const [streetUnlocked, setStreetUnlocked] = useState(false);
  const streetLocked = !streetUnlocked && shippingTo.errors.some((e) => e.type === 'STREET_ERROR' && e.suggestions.length > 0);

  const addressValues = useWatch({ control: addressForm.control });
  const contactValues = useWatch({ control: contactForm.control });
  const phone = (contactValues.contactPhone ?? '').trim();
  const phoneCheck = usePhoneCheck(phone, ZStoreContactFields.shape.contactPhone.safeParse(phone).success);
  const postalCodeCheck = usePostalCodeCheck((addressValues.postalCode ?? '').trim());
  const pending = phoneCheck === 'pending' || postalCodeCheck === 'pending';
  const checks = useRef({ phoneCheck, postalCodeCheck });
  useLayoutEffect(() => {
    latest.current = shippingTo;
    notify.current = onChange;
    checks.current = { phoneCheck, postalCodeCheck };
  });
  // Read here so that react-hook-form keeps them up to date for the checks below.
  const { errors: addressErrors, dirtyFields } = addressForm.formState;
  const { errors: contactErrors } = contactForm.formState;

  /** Shows each open correction error on its fields (red, its message on one of them) where no other message is. */
  const highlight = useCallback(() => {
    for (const error of latest.current.errors) {
      const [target, message] = FIELD_MESSAGE[error.type] ?? [];
      for (const field of RELATED_FIELDS[error.type] ?? []) {
        if (addressForm.getFieldState(field).error) continue;
        // A blank message still marks the field (the shared fields turn red on a message).
        addressForm.setError(field, { type: CORRECTION, message: field === target ? message : ' ' });
      }
    }
  }, [addressForm]);

  /** Checks both forms and tells the page the recipient they make, when it changed. */
  const revalidate = useCallback(() => {
    const values = addressForm.getValues();
    const invalid = new Set<string>();
    for (const issue of ZStoreAddressFields.safeParse(values).error?.issues ?? []) invalid.add(String(issue.path[0]));
    const fieldErrors = addressForm.formState.errors;
    for (const [name, error] of Object.entries(fieldErrors)) if (error && error.type !== CORRECTION) invalid.add(name);
    // A postal code the reverse lookup has not found yet is not valid (an error waits for the answer).
    if (checks.current.postalCodeCheck !== 'valid') invalid.add('postalCode');
    const contact = contactForm.getValues();
    const contactValid = ZStoreContactFields.safeParse(contact).success && checks.current.phoneCheck === 'valid';
    const previous = latest.current;
    const errors = nextErrors(previous.errors.filter((e) => !answered.current.has(e.type)), {
      edited: new Set(Object.keys(addressForm.formState.dirtyFields)),
      invalid,
      contactValid,
      addressValid: invalid.size === 0,
    });
    // A field still red for an error that is gone is cleared.
    const open = new Set(errors.flatMap((e) => RELATED_FIELDS[e.type] ?? []));
    for (const [name, error] of Object.entries(fieldErrors)) {
      if (error?.type === CORRECTION && !open.has(name as keyof AddressFormValues)) addressForm.clearErrors(name as keyof AddressFormValues);
    }
    const next: TShippingTo = {
      ...previous,
      internalAddress: { address: storeAddressOf(previous.internalAddress.address, values), contact: storeContactOf(contact) },
      errors,
    };
    if (sameShippingTo(next, previous)) return;
    latest.current = next;
    notify.current(next);
  }, [addressForm, contactForm]);

  // At mount and after a suggestion: every field's message at once, then the corrections on theirs.
  useEffect(() => {
    void Promise.all([addressForm.trigger(), contactForm.trigger()]).then(highlight);
  }, [generation, addressForm, contactForm, highlight]);

  // The server's answer on the phone: 'Campul este invalid!' (spec 001 section 5 "Contact").
  useEffect(() => {
    if (phoneCheck === 'invalid') contactForm.setError('contactPhone', { type: 'server', message: messages.common.fieldInvalid });
  }, [phoneCheck, contactForm]);

  const errorKey = (errors: object) => Object.entries(errors).map(([name, e]) => `${name}:${(e as { type?: string } | undefined)?.type ?? ''}`);
  const stateKey = JSON.stringify([addressValues, contactValues, errorKey(addressErrors), errorKey(contactErrors), Object.keys(dirtyFields), phoneCheck, postalCodeCheck]);
  // Also when the page hands a recipient the card did not make (the order reloaded after another card's
  // change): the forms' address, contact and errors are given back to it.
  useEffect(() => {
    revalidate();
  }, [stateKey, shippingTo, revalidate]);

  // While the phone or the postal code is being checked the forms are checked again every second (spec 001 section 4).
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(revalidate, REVALIDATE_PENDING_MS);
    return () => clearInterval(timer);
  }, [pending, revalidate]);

  /** A clicked suggestion: the address takes it (a street without its own code gets the code of its number), its error goes. */
  const apply = async (type: CorrectionType, suggestion: TAddressSuggestion) => {
    answered.current.add(type);
    let next = applySuggestion(latest.current, type, suggestion);
    const address = next.internalAddress.address;
    if (!address.postalCode && address.street && address.city && address.countyCode) {
      const codes = await fetchStreetCodes(address.city, address.countyCode, address.street).catch(() => []);
      const code = codeForNumber(codes, address.number);
      if (code) next = { ...next, internalAddress: { ...next.internalAddress, address: { ...address, postalCode: code } } };
    }
    latest.current = next;
    notify.current(next);
    addressForm.reset(storeAddressValues(next.internalAddress.address));
    setGeneration((g) => g + 1);
  };

  return (
    <Card component="section" aria-labelledby="delivery-address-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" id="delivery-address-title" sx={{ mb: 2 }}>
          {M.title}
        </Typography>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' } }}>
          <Box>
            <Typography variant="h3" sx={{ mb: 1.5 }}>
              {M.storeAddress}
            </Typography>
            <StoreAddressView address={shippingTo.shopifyAddress} />
            <Typography variant="h3" sx={{ mt: 3, mb: 1.5 }}>
              {M.contact}
            </Typography>
            <FormProvider {...contactForm}>
              <ContactFields fields={['contactName', 'contactCompany', 'contactPhone', 'contactEmail']} sx={{ gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr' } }} />
            </FormProvider>
          </Box>
          <Box>
            <Typography variant="h3" sx={{ mb: 1.5 }}>
              {M.internalAddress}
            </Typography>
            <CorrectionNotices
              shippingTo={shippingTo}
              onApply={(type, s) => void apply(type, s)}
              streetLocked={streetLocked}
              onUnlockStreet={() => setStreetUnlocked(true)}
            />
            <FormProvider {...addressForm}>
              <AddressFields key={generation} variant="basic" lockStreet={streetLocked} />
            </FormProvider>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
