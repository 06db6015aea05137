import { randomUUID } from 'node:crypto';
import { normalizeText, USER_TYPE } from '@colete/contract';
import { and, asc, desc, eq, gte, inArray, isNotNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DEMO_COMPANIES } from '../integrations/company-check/simulator.js';
import { SIM_COURIER_COMPANIES, issueCourierInvoice, type BilledAwb } from '../integrations/e-invoicing/simulator-courier-invoices.js';
import { demoVat, issueSupplierDocument } from '../integrations/e-invoicing/simulator-suppliers.js';
import { eFacturaRest } from '../integrations/e-invoicing/anaf-rest.js';
import { injectFetch } from '../integrations/e-invoicing/index.js';
import { raspXml } from '../integrations/e-invoicing/rasp.js';
import { SIM_REST_BASE } from '../integrations/e-invoicing/simulator-rest.js';
import { hashPassword } from '../lib/passwords.js';
import { newReferralCode } from '../lib/tokens.js';
import type { Config } from '../config.js';
import type { Database } from './client.js';
import { billingEntities } from './schema/billing.js';
import { eInvoiceConnections, eInvoiceSent, eInvoiceSentMessages, eInvoiceSuppliers } from './schema/einvoice.js';
import { invoices } from './schema/invoicing.js';
import { shipments } from './schema/shipments.js';
import { users } from './schema/users.js';
import { connectThroughSimulator } from './seed-einvoice.js';

const DAY_MS = 86_400_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The platform's own account: its company's e-invoices are the 'Internal' account, which admins open by choosing it (no one signs in as it). */
export const PLATFORM_ACCOUNT_EMAIL = 'firma@demo.ro';
/** The courier whose demo invoice bills more than an AWB cost, and the one not on file yet. */
const OVERCHARGING = 'dunarea';
const NOT_ON_FILE = 'postaverde';

/**
 * The platform's own company in the demo (issue 25): its account, its verified billing data, its
 * connection to the e-Factura simulator, its suppliers on file (three of the simulated couriers and
 * a haulier that is not a courier), and the couriers' invoices for the demo's AWBs of the last 55
 * days (one of them bills an AWB 2,50 lei more than it cost), a courier not on file yet; then
 * one sync, whose check gives each invoice its verdict. Seeded once (a connected company is left as it is).
 */
export async function seedPlatformEInvoices(app: FastifyInstance, database: Database, seller: Config['seller'], now = new Date()) {
  const { db } = database;
  // The simulator's consent needs a certificate for the company: only a company of its register can be connected.
  if (!DEMO_COMPANIES[seller.cui]) return;
  const [created] = await db
    .insert(users)
    .values({ email: PLATFORM_ACCOUNT_EMAIL, passwordHash: await hashPassword(randomUUID()), name: seller.name, phone: '+40211234567', userType: USER_TYPE.client, accountType: 'company', referralCode: newReferralCode() })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  const [account] = created ? [created] : await db.select({ id: users.id }).from(users).where(eq(users.email, PLATFORM_ACCOUNT_EMAIL));
  if (!account) return;
  let [entity] = await db.select({ id: billingEntities.id }).from(billingEntities).where(and(eq(billingEntities.userId, account.id), eq(billingEntities.identificationCode, seller.cui)));
  if (entity && (await db.select({ id: eInvoiceConnections.billingEntityId }).from(eInvoiceConnections).where(eq(eInvoiceConnections.billingEntityId, entity.id))).length > 0) return;
  entity ??= (
    await db
      .insert(billingEntities)
      .values({
        userId: account.id,
        name: seller.name,
        isCompany: true,
        isVatPayer: true,
        identificationCode: seller.cui,
        tradeRegister: seller.tradeRegister,
        fiscalIdentificationType: 1,
        countryCode: 'RO',
        countyCode: 'B',
        county: 'București',
        city: 'Sectorul 2',
        postalCode: '020331',
        street: 'Strada Fabrica de Glucoza',
        number: '5',
        isActive: true,
        verifyStatus: 'verified',
        verifiedAt: now,
      })
      .returning({ id: billingEntities.id })
  )[0]!;
  await connectThroughSimulator(app, account.id, entity.id, seller.cui);

  const onFile = Object.entries(SIM_COURIER_COMPANIES).filter(([courierId]) => courierId !== NOT_ON_FILE);
  const names = new Map(app.services.network.couriers().map((c) => [c.id, c.name]));
  await db
    .insert(eInvoiceSuppliers)
    .values([...onFile.map(([courierId, cui]) => ({ identification: cui, name: names.get(courierId) ?? courierId, courierId })), { identification: '4221306', name: 'Transport Rapid SA', courierId: null }])
    .onConflictDoNothing();

  // The AWBs each simulated courier made for the demo in SPV's window, at what they cost.
  const since = new Date(now.getTime() - 55 * DAY_MS);
  const rows = await db
    .select({ courierId: shipments.courierId, awb: shipments.awb, costBani: shipments.priceNoVatBani })
    .from(shipments)
    .where(and(isNotNull(shipments.awb), inArray(shipments.courierId, Object.keys(SIM_COURIER_COMPANIES)), gte(shipments.activatedAt, since), ne(shipments.status, 'cancelled')))
    .orderBy(asc(shipments.activatedAt), asc(shipments.id));
  const byCourier = new Map<string, BilledAwb[]>();
  for (const r of rows) if (r.awb && r.costBani !== null) byCourier.set(r.courierId!, [...(byCourier.get(r.courierId!) ?? []), { awb: r.awb, costBani: r.costBani }]);
  const issuedAt = new Date(now.getTime() - 3 * DAY_MS);
  const issueDate = dayOf(issuedAt);
  const dueDate = dayOf(new Date(issuedAt.getTime() + 30 * DAY_MS));
  let k = 0;
  for (const [courierId, awbs] of [...byCourier.entries()].filter(([id]) => id !== NOT_ON_FILE).sort(([a], [b]) => a.localeCompare(b))) {
    k += 1;
    const number = `${courierId.slice(0, 3).toUpperCase()}-${issueDate.replace(/-/g, '').slice(0, 6)}-${String(k).padStart(3, '0')}`;
    await issueCourierInvoice(db, { courierId, buyerCui: seller.cui, number, issueDate, dueDate, awbs, overchargeBani: courierId === OVERCHARGING ? 250 : 0 }, new Date(issuedAt.getTime() + k * 60_000));
  }
  // The courier not on file bills its monthly pick-up subscription: 'Furnizor inexistent' until an admin adds it.
  await issueSupplierDocument(
    db,
    {
      kind: 'invoice',
      sellerCui: SIM_COURIER_COMPANIES[NOT_ON_FILE]!,
      buyerCui: seller.cui,
      number: `POS-${issueDate.replace(/-/g, '').slice(0, 6)}-901`,
      issueDate,
      dueDate,
      lines: [{ name: 'Abonament ridicari programate', quantity: 1, unitPriceBani: 4_900, vatPercent: demoVat(issueDate) }],
    },
    new Date(issuedAt.getTime() + 20 * 60_000),
  );
  // A haulier on file that is not a courier: its invoice waits for a person.
  await issueSupplierDocument(
    db,
    { kind: 'invoice', sellerCui: '4221306', buyerCui: seller.cui, number: `TRR-${issueDate.replace(/-/g, '')}`, issueDate, dueDate, lines: [{ name: 'Transport marfa Bucuresti-Cluj', quantity: 1, unitPriceBani: 85_000, vatPercent: demoVat(issueDate) }] },
    new Date(issuedAt.getTime() + 30 * 60_000),
  );
  await app.services.einvoiceSync.syncCompany(entity.id, now);
}

/** The demo client's first two invoices went to its individual billing data, kept then as one line without Bucharest's sector. */
const OLDER_BUYER = { name: 'Mihai Pop', identificationCode: '1800101123450', isCompany: false, isVatPayer: false, tradeRegister: null, address: 'Calea Victoriei 120, Bucuresti', county: 'Bucuresti', countryCode: 'RO' };
/** What an admin says of that address to mend the first one: the sector and the postal code. */
const OLDER_BUYER_MENDED = { street: 'Calea Victoriei 120', city: 'Sectorul 1', countyCode: 'B', postalCode: '010093' };

/**
 * The demo's platform invoices reported to e-Factura at once (issue 26), as the sending job would:
 * the invoicing events delivered (each invoice queued), then each document checked, uploaded and
 * followed to e-Factura's verdict. Only when sending is on (EINVOICE_SEND). The demo client's two
 * oldest invoices were issued to a Bucharest address without its sector, which the rules cannot
 * state: both stop in error; the first is mended as an admin would ('Retrimite' with the address in
 * parts) and accepted, the second waits for an admin.
 */
export async function sendPlatformDemoInvoices(app: FastifyInstance, deliver: () => Promise<unknown>, now = new Date()) {
  const { db } = app.deps.database;
  const [client] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'client@demo.ro')).limit(1);
  const older = client ? await db.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.userId, client.id), eq(invoices.kind, 'prepay'))).orderBy(asc(invoices.issuedAt), asc(invoices.id)).limit(2) : [];
  if (older.length > 0) await db.update(invoices).set({ buyer: OLDER_BUYER }).where(inArray(invoices.id, older.map((o) => o.id)));
  await deliver();
  // Their events were written at issue with the company as buyer: the sent list names who the documents say.
  if (older.length > 0) {
    await db
      .update(eInvoiceSent)
      .set({ buyerName: OLDER_BUYER.name, buyerSearch: normalizeText(OLDER_BUYER.name), buyerIdentification: OLDER_BUYER.identificationCode })
      .where(and(eq(eInvoiceSent.source, 'platform'), inArray(eInvoiceSent.sourceId, older.map((o) => o.id))));
  }
  await sendRounds(app, now);
  const [platform] = await db.select().from(users).where(eq(users.email, PLATFORM_ACCOUNT_EMAIL)).limit(1);
  const [first] = older.length > 0 ? await db.select({ id: eInvoiceSent.id }).from(eInvoiceSent).where(and(eq(eInvoiceSent.source, 'platform'), eq(eInvoiceSent.sourceId, older[0]!.id), eq(eInvoiceSent.status, 'error'))) : [];
  if (platform && first) {
    await app.services.sentInvoices.reprocess(platform, first.id, OLDER_BUYER_MENDED);
    await sendRounds(app, new Date(now.getTime() + 30 * 60_000));
  }
}

/** Rounds a couple of minutes apart by the sender's clock, as the sending job runs: uploads, then e-Factura's verdicts (and a retry's next try). */
export async function sendRounds(app: FastifyInstance, now: Date) {
  for (let round = 0; round < 10; round++) {
    const at = new Date(now.getTime() + round * 2 * 60_000);
    let claimed = 0;
    for (let batch = 0; batch < 100; batch++) {
      const r = await app.services.einvoiceSend.sendDue(at);
      if (r.claimed === 0) break;
      claimed += r.claimed;
    }
    if (claimed === 0 && round > 0) break;
  }
}

/** The demo client's questions about the platform's invoices, newest invoice first. */
const BUYER_QUESTIONS = ['Buna ziua, va rugam sa trimiteti si anexa cu AWB-urile facturate.', 'Putem primi factura defalcata pe puncte de lucru?'];

/**
 * The demo's buyers' messages (issue 26): the demo client's company, a buyer of the platform's
 * invoices, writes about the two newest accepted ones through the simulator's SPV (a RASP uploaded
 * from its connection), then the platform's company syncs: its sent list shows them unread.
 * Seeded once (nothing when a buyer message is already kept, or when no invoice was accepted).
 */
export async function seedPlatformBuyerMessages(app: FastifyInstance, database: Database, sellerCui: string) {
  const { db } = database;
  if ((await db.select({ id: eInvoiceSentMessages.id }).from(eInvoiceSentMessages).limit(1)).length > 0) return;
  const [buyer] = await db
    .select({ id: billingEntities.id, code: billingEntities.identificationCode })
    .from(billingEntities)
    .innerJoin(users, eq(users.id, billingEntities.userId))
    .innerJoin(eInvoiceConnections, eq(eInvoiceConnections.billingEntityId, billingEntities.id))
    .where(and(eq(users.email, 'client@demo.ro'), ne(billingEntities.identificationCode, sellerCui)))
    .limit(1);
  if (!buyer) return;
  const sent = await db
    .select({ uploadIndex: eInvoiceSent.uploadIndex, entityId: eInvoiceSent.billingEntityId })
    .from(eInvoiceSent)
    .where(and(eq(eInvoiceSent.status, 'success'), eq(eInvoiceSent.buyerIdentification, buyer.code), isNotNull(eInvoiceSent.uploadIndex)))
    .orderBy(desc(eInvoiceSent.issueDate), desc(eInvoiceSent.id))
    .limit(BUYER_QUESTIONS.length);
  if (sent.length === 0) return;
  const rest = eFacturaRest({ restBase: SIM_REST_BASE, fetch: injectFetch(app) });
  const token = await app.services.einvoice.accessToken(buyer.id);
  for (const [k, doc] of sent.entries()) await rest.upload(token, buyer.code, raspXml(doc.uploadIndex!, BUYER_QUESTIONS[k]!), { standard: 'RASP' });
  await app.services.einvoiceSync.syncCompany(sent[0]!.entityId!);
}
