import type { TBalanceResponse } from '@colete/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { prepayKeys } from '../../../lib/query-keys';
import { useActingClientId } from '../../../lib/selected-client';

/** GET user/prepay/balance: the prepaid balance and its recent movements. */
export const getBalance = () => api<TBalanceResponse>('GET', 'user/prepay/balance');

export const useBalance = () => useQuery({ queryKey: prepayKeys.balance(useActingClientId()), queryFn: getBalance });
