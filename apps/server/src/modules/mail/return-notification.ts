import { addressText, type TPartyAddress, type TReturnAnswerView } from '@colete/contract';
import type { Executor } from '../../db/client.js';
import { formatRoDate } from '../../lib/dates.js';
import { notifyByUserSettings } from './mail-service.js';

/** A return the public form accepted: what the merchant is told about it. */
export type ReturnSubmitted = {
  /** The merchant (the template's owner). */
  userId: number;
  /** The return's public id (its draft shipment's uniqueId, the reference the customer was shown). */
  reference: string;
  templateName: string;
  at: Date;
  customer: TPartyAddress;
  clientReference: string | null;
  answers: readonly TReturnAnswerView[];
};

/**
 * 'Retururi' (sendOrderReturn): when a customer sends a return through a template's public form,
 * the merchant's return addresses hear of it, when the item is on. Called in the transaction that
 * creates the return's draft, so an accepted return queues exactly one mail and a refused one none.
 * Answers whether it queued.
 */
export function notifyReturnSubmitted(tx: Executor, r: ReturnSubmitted): Promise<boolean> {
  const c = r.customer;
  const who = c.contactCompany ? `${c.contactName}, ${c.contactCompany}` : c.contactName;
  const contact = [c.contactPhone && `Telefon: ${c.contactPhone}`, c.contactEmail && `email: ${c.contactEmail}`].filter(Boolean).join(', ');
  const text = [
    'Buna ziua,',
    '',
    `${c.contactName} a trimis un retur prin formularul "${r.templateName}" pe ${formatRoDate(r.at)}.`,
    `Cod retur: ${r.reference}`,
    ...(r.clientReference ? [`Referinta client: ${r.clientReference}`] : []),
    `Expeditor: ${who}`,
    ...(contact ? [contact] : []),
    `Adresa de ridicare: ${addressText(c, 'withLocality')}`,
    ...(r.answers.length ? ['', 'Raspunsurile clientului:', ...r.answers.map((a) => `- ${a.label}: ${a.value}`)] : []),
    '',
    'Returul asteapta in pagina Comenzi, marcat Retur: verificati coletul, alegeti curierul si activati-l.',
    '',
    'Multumim,',
    'Echipa Colete Online',
  ].join('\n');
  return notifyByUserSettings(tx, r.userId, 'sendOrderReturn', {
    subject: `Retur nou ${r.reference} de la ${c.contactName} (${c.addressCity}) - ${r.templateName}`,
    text,
  });
}
