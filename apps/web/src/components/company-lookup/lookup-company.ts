import { messages, type TCompanyLookupResponse } from '@colete/contract';
import { useMutation } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api-client';

/*
 * The register's look-up of a company by its CUI, shared by the billing data's dialog ('Cauta la
 * ANAF') and the invoice form's customer ('Cauta dupa CUI').
 */

/** GET user/billing/company-lookup: what the register holds for a CUI (name, trade register, office). */
export const lookupCompany = (identificationCode: string) =>
  api<TCompanyLookupResponse>('GET', `user/billing/company-lookup?identificationCode=${encodeURIComponent(identificationCode)}`);

/** A look-up the user asks for with a button: a mutation, so nothing is cached or refetched behind their back. */
export const useLookupCompany = () => useMutation({ mutationFn: lookupCompany });

/** The CUI's own message (invalid, missing), to show beside the CUI field; undefined for any other failure. */
export const lookupCodeError = (error: unknown) => (error instanceof ApiError ? error.errors?.identificationCode : undefined);

/** A failed look-up's message: the server's (not registered, too many) or, when the register does not answer, that it does not. */
export const lookupFailureMessage = (error: unknown) =>
  error instanceof ApiError && error.status > 0 && error.status !== 500 ? error.message : messages.billing.lookupUnavailable;
