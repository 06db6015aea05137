import { AUTOCOMPLETE_DEBOUNCE_MS, POSTAL_CODE_PATTERN, type TValidatePhoneResponse } from '@colete/contract';
import { useQuery } from '@tanstack/react-query';
import { fetchPostalCodeReverse } from '../../../components/address-form/geo-api';
import { ApiError, api } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { phoneCheckKey, postalCodeCheckKey } from '../api/store-keys';

/** What an asynchronous check of a field says: 'unchecked' when the form's own rules already refuse the value. */
export type AsyncCheck = 'pending' | 'valid' | 'invalid' | 'unchecked';

/** The server's answer on a value, asked once typing pauses (200 ms) and kept per value. */
function useServerCheck(value: string, wellFormed: boolean, keyOf: (value: string) => readonly unknown[], check: (value: string) => Promise<boolean>): AsyncCheck {
  const settled = useDebouncedValue(value, AUTOCOMPLETE_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: keyOf(settled),
    queryFn: () => check(settled),
    enabled: wellFormed && settled === value,
    staleTime: Infinity,
    retry: false,
  });
  if (!wellFormed) return 'unchecked';
  if (settled !== value || query.isPending) return 'pending';
  // A failed call counts as valid: the server checks the address again when the shipment is made.
  if (query.isError) return 'valid';
  return query.data ? 'valid' : 'invalid';
}

/**
 * The contact's phone checked by the server (POST search/validate-phone; spec 001 section 5
 * "Contact": the phone is checked against the server). A phone the form's own rules refuse is not
 * sent; one being typed or asked about is 'pending'.
 */
export function usePhoneCheck(phone: string, wellFormed: boolean): AsyncCheck {
  return useServerCheck(phone, wellFormed, phoneCheckKey, (p) =>
    api<TValidatePhoneResponse>('POST', 'search/validate-phone', { phone: p, countryCode: 'RO' }).then((r) => r.valid),
  );
}

/** The postal code found by the reverse lookup ('Cod postal invalid!' when not; the shared form shows the message). */
export function usePostalCodeCheck(code: string): AsyncCheck {
  return useServerCheck(code, POSTAL_CODE_PATTERN.test(code), postalCodeCheckKey, (c) =>
    fetchPostalCodeReverse(c).then(
      () => true,
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return false;
        throw error;
      },
    ),
  );
}
