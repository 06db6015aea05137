import { grossOfNet, standardVatOn, vatValuesOn } from '@colete/contract';
import { bucharestDateKey } from './dates.js';

/**
 * VAT at an instant: the contract's dated table on the instant's Bucharest calendar day. A supply
 * (an offer, a shipment's charge, a top-up) takes the standard rate in force on its day.
 */
export const vatPercentAt = (at: Date) => standardVatOn(bucharestDateKey(at));

/** The rates in force at an instant, the standard one first. */
export const vatValuesAt = (at: Date) => vatValuesOn(bucharestDateKey(at));

/** A price without VAT with the VAT of its supply date added, half up to the ban. */
export const withVatAt = (netBani: number, at: Date) => grossOfNet(netBani, vatPercentAt(at));
