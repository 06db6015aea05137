import type { TCompanyLookupResponse } from '@colete/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET user/billing/company-lookup: what the register holds for a CUI (name, trade register, office). */
export const lookupCompany = (identificationCode: string) =>
  api<TCompanyLookupResponse>('GET', `user/billing/company-lookup?identificationCode=${encodeURIComponent(identificationCode)}`);

/** A look-up the user asks for with a button: a mutation, so nothing is cached or refetched behind their back. */
export const useLookupCompany = () => useMutation({ mutationFn: lookupCompany });
