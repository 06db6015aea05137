import { ZReturnSubmission, type TReturnSubmission, type TReturnSubmissionResponse } from '@colete/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The request of the public page; the server checks it again, answers against the form with the same rules. */
export const returnSubmissionSchema = ZReturnSubmission;

/** POST order/return/{uniqueId}: creates the return shipment in the merchant's account. */
export const submitReturn = (uniqueId: string, input: TReturnSubmission) =>
  api<TReturnSubmissionResponse>('POST', `order/return/${encodeURIComponent(uniqueId)}`, input);

export const useSubmitReturn = (uniqueId: string) => useMutation({ mutationFn: (input: TReturnSubmission) => submitReturn(uniqueId, input) });
