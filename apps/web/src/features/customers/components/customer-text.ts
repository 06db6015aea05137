import type { TCustomer } from '@colete/contract';
import { formatDate } from '../../../lib/format';

/** How a customer's type, contact and shipments read in the table and on its page. */
export const typeLabel = (c: Pick<TCustomer, 'type'>) => (c.type === 'company' ? 'Firma' : 'Persoana fizica');
export const contactLine = (c: Pick<TCustomer, 'phone' | 'email'>) => [c.phone, c.email].filter(Boolean).join(' · ') || '-';
export const shipmentsText = (c: Pick<TCustomer, 'shipmentCount' | 'lastShippedAt'>) =>
  c.shipmentCount === 0 ? 'Nicio expeditie' : `${c.shipmentCount === 1 ? '1 expeditie' : `${c.shipmentCount} expeditii`}, ultima ${formatDate(c.lastShippedAt!)}`;
