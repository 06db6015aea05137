import { vatValuesOn, ZInvoiceFormRequest, type TInvoiceFormRequest } from '@colete/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bucharestDateKey } from '../lib/dates.js';
import type { UserRow } from '../types.js';
import { billingEntities } from './schema/billing.js';
import { eInvoiceConnections, eInvoiceSent } from './schema/einvoice.js';
import { users } from './schema/users.js';
import { DEMO_BUYER } from './seed-einvoice.js';

const DAY_MS = 86_400_000;
/** The form's default due date: the same day a month later (the last day of a shorter month). */
function monthAfter(day: string) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** The demo client's company's own series on its 'Trimite factura' documents. */
export const DEMO_FORM_SERIES = 'DLG';

/**
 * The two documents the demo client issued through 'Trimite factura' (issue 26): to a company of the
 * register in euro (storage and handling, its VAT also stated in lei) and to an individual in lei.
 */
export function demoFormInvoices(identificationCode: string, now: Date): TInvoiceFormRequest[] {
  const day = (daysAgo: number) => bucharestDateKey(new Date(now.getTime() - daysAgo * DAY_MS));
  const toCompany = day(4);
  const toPerson = day(1);
  return [
    {
      identificationCode,
      kind: 'invoice',
      series: DEMO_FORM_SERIES,
      number: '1001',
      issueDate: toCompany,
      dueDate: monthAfter(toCompany),
      currency: 'EUR',
      exchangeRate: 5.0876,
      buyer: {
        type: 'company',
        name: 'Atelier Mobila Cluj SRL',
        identification: 'RO15900825',
        vatPayer: true,
        address: { street: 'Str. Memorandumului 28', city: 'Cluj-Napoca', countyCode: 'CJ', postalCode: '400114', country: 'RO' },
      },
      lines: [
        { name: 'Depozitare palet (luna curenta)', quantity: 8, unitCode: 'H87', vatRate: vatValuesOn(toCompany)[0]!, unitPriceBani: 3_500 },
        { name: 'Manipulare marfa la depozit', quantity: 6, unitCode: 'HUR', vatRate: vatValuesOn(toCompany)[0]!, unitPriceBani: 2_500 },
      ],
    },
    {
      identificationCode,
      kind: 'invoice',
      series: DEMO_FORM_SERIES,
      number: '1002',
      issueDate: toPerson,
      dueDate: monthAfter(toPerson),
      currency: 'RON',
      buyer: {
        type: 'individual',
        name: 'Ana Muresan',
        identification: '2900524123452',
        address: { street: 'Strada Horea 15, ap. 4', city: 'Cluj-Napoca', countyCode: 'CJ', postalCode: '400174', country: 'RO' },
      },
      lines: [
        { name: 'Ambalare si expediere colet', quantity: 1, unitCode: 'H87', vatRate: vatValuesOn(toPerson)[0]!, unitPriceBani: 4_500 },
        { name: 'Cutie carton 40x30x20', quantity: 2, unitCode: 'H87', vatRate: vatValuesOn(toPerson)[0]!, unitPriceBani: 850 },
      ],
    },
  ];
}

/**
 * The demo client's own invoices through 'Trimite factura' (issue 26), made as the form makes them:
 * the POST route's service (its body's rules, the official rules, stored once), then taken by the
 * sending job's rounds (`send`) through its company's own connection to e-Factura's verdict. Only
 * when sending is on (EINVOICE_SEND); seeded once (nothing when the company has issued any).
 */
export async function seedClientFormInvoices(app: FastifyInstance, send: (now: Date) => Promise<void>, now = new Date()) {
  const { db } = app.deps.database;
  const [row] = await db
    .select({ client: users, entityId: billingEntities.id })
    .from(billingEntities)
    .innerJoin(users, eq(users.id, billingEntities.userId))
    .innerJoin(eInvoiceConnections, eq(eInvoiceConnections.billingEntityId, billingEntities.id))
    .where(and(eq(users.email, 'client@demo.ro'), eq(billingEntities.identificationCode, DEMO_BUYER)))
    .limit(1);
  if (!row) return [];
  if ((await db.select({ id: eInvoiceSent.id }).from(eInvoiceSent).where(and(eq(eInvoiceSent.source, 'client'), eq(eInvoiceSent.billingEntityId, row.entityId))).limit(1)).length > 0) return [];
  const ids: number[] = [];
  for (const body of demoFormInvoices(DEMO_BUYER, now)) {
    const outcome = await app.services.invoiceForm.create(row.client as UserRow, ZInvoiceFormRequest.parse(body));
    if (!outcome.ok) throw new Error(`the demo's invoice ${body.series} ${body.number} broke the official rules: ${JSON.stringify(outcome.error)}`);
    ids.push(outcome.id);
  }
  await send(now);
  return ids;
}
