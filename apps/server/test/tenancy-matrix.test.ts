import { storeCardBody } from './support/store-activation.js';
import { randomUUID } from 'node:crypto';
import { USER_TYPE, initialPacking, storeMovePath, type TStoreOrderDetail } from '@colete/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { billableCharges, billingEntities, eInvoiceConnections, eInvoiceReceived, eInvoiceSent, shipments, users } from '../src/db/schema.js';
import { zipOf } from '../src/lib/zip.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { enqueueMail } from '../src/modules/mail/mail-service.js';
import { orderAt } from '../src/integrations/store/simulator-orders.js';
import { answerFulfillmentOrder } from '../src/integrations/store/simulator-mutations.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { insertRepayments, insertSheet } from './support/repayments-list.js';
import { payoutRuns, reconciliationFlags } from '../src/db/schema.js';
import { insertPaidSheet } from './support/sheets.js';
import { multipartFile } from './support/repayments.js';

/*
 * The tenancy matrix: every route of the OpenAPI document whose path names a stored object is in
 * ROUTES below, with a factory that makes such an object for client A (through the API where there
 * is a call for it) and the request that reaches it. For each one: client B gets 404, signed out
 * 401, a client 403 on admin routes; the owner (and an admin acting for A) reaches it, and an admin
 * acting for B gets 404. A route with an object id that is missing from ROUTES fails the test.
 * Every route under /api/admin/ (with an id or not) refuses clients with 403 and strangers with 401.
 *
 * The rule for "object id": a path parameter named `id` or `identifier`, or ending in `Id` or
 * `Number` (uniqueId, fiscalSubaccountNumber). The other path parameters (country, countyCode,
 * city, street, postalCode, format) are nomenclature values or options, not someone's objects.
 */
const isObjectId = (name: string) => /^(id|identifier)$|Id$|Number$/.test(name);

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;
let courierId: string;

type Made = Record<string, string | number | undefined>;
type Request = Omit<InjectOptions, 'url'> & { url: string };
type Entry =
  /** A client's object: the factory makes one for the user, the request reaches it. */
  | { kind: 'client'; make: (u: TestUser) => Promise<Made>; request: (o: Made) => Request }
  /** An admin route over a client's object. */
  | { kind: 'admin'; make: (u: TestUser) => Promise<Made>; request: (o: Made) => Request }
  /** No session by design: the reason is written here; the test checks it is indeed public. */
  | { kind: 'public'; why: string; request: Request };

/** The answer of a call that must succeed (the factories' calls). */
async function ok<T = Record<string, Record<string, string | number>>>(res: Promise<{ statusCode: number; body: string; json: () => unknown }>, what: string) {
  const r = await res;
  expect(r.statusCode, `${what}: ${r.body}`).toBe(200);
  return r.json() as T;
}

const address = () => ({
  shortName: `Depozit ${randomUUID().slice(0, 6)}`,
  contactName: 'Mihai Pop',
  contactPhone: '0722123456',
  countyCode: 'CJ',
  city: 'Cluj-Napoca',
  postalCode: '400114',
  street: 'Memorandumului',
  number: '28',
});
const recipient = { contactName: 'Ion Destinatar', contactPhone: '+40733000002', countyCode: 'B', city: 'Sectorul 1', postalCode: '010093', street: 'Calea Victoriei', number: '120' };
const noOptions = { cod: { active: false, amount: 0 }, insurance: { active: false, amount: 0 }, openAtDelivery: false, saturdayDelivery: false };
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const boundary = '----tenancy';
const logoUpload = Buffer.concat([
  Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
  PNG,
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);

// ---------- factories (through the API) ----------

/* Repayments' money (issue 15): a client's sheet, a reconciliation flag, a payout run with its file. */
const makeRepaymentClient = async (u: TestUser) => ({ clientId: u.id });
const makeSheet = async (u: TestUser) => ({ id: (await insertPaidSheet(ctx, u, '2026-11-20')).sheetId });
const makeFlag = async () => {
  const [f] = await ctx.database.db.insert(reconciliationFlags).values({ kind: 'unknown_awb', courierId: 'rapidcarpati', awb: `X${randomUUID().slice(0, 8)}`, reportedBani: 100 }).returning();
  return { flagId: f!.id };
};
const makePayoutRun = async (u: TestUser) => {
  const { runId } = await insertPaidSheet(ctx, u, '2026-11-20');
  await ctx.database.db.update(payoutRuns).set({ painXml: '<Document/>' }).where(eq(payoutRuns.id, runId));
  return { runId };
};
const customerBody = () => ({ type: 'individual', name: `Client ${randomUUID().slice(0, 8)}`, country: 'RO', phone: '', address: null });
const makeCustomer = async (u: TestUser) => ({ id: (await ok(as(ctx, u, { method: 'POST', url: '/api/user/customer', payload: customerBody() }), 'customer')).customer!['id'] });
const makeAddress = async (u: TestUser) => ({ id: (await ok(as(ctx, u, { method: 'POST', url: '/api/address', payload: address() }), 'address')).address!['id'] });

const shipmentDraft = () => ({ sender: address(), recipient, packages: [{ type: 'parcel', weight: 2, length: 30, width: 20, height: 15 }], content: 'Carti', options: noOptions });
const requestKey = () => randomUUID().replace(/-/g, '');
/** A saved draft. */
const makeShipment = async (u: TestUser) => {
  const res = await ok(as(ctx, u, { method: 'POST', url: '/api/shipments', payload: { ...shipmentDraft(), requestKey: requestKey() } }), 'shipment');
  return { uniqueId: res.shipment!['uniqueId'] };
};
/** An activated shipment (it has an AWB and labels), paid from a card top-up. */
const makeActiveShipment = async (u: TestUser) => {
  const start = await ok<{ url: string }>(as(ctx, u, { method: 'POST', url: '/api/user/prepay/top-up', payload: { amount: 200 } }), 'top-up');
  await pay(start.url);
  const draft = shipmentDraft();
  const offers = (await ok(as(ctx, u, { method: 'POST', url: '/api/shipments/offers', payload: draft }), 'offers')).offers as unknown as { type: string; errors: string[]; serviceId: string }[];
  const offer = offers.find((o) => o.type === 'standard' && o.errors.length === 0)!;
  const res = await ok(as(ctx, u, { method: 'POST', url: '/api/shipments', payload: { ...draft, serviceId: offer.serviceId, requestKey: requestKey(), activate: true } }), 'active shipment');
  return { uniqueId: res.shipment!['uniqueId'] };
};

const pay = (url: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams({ number: '4242424242424242', expiry: '12/30', cvc: '123' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

const makePayment = async (u: TestUser) => ({ identifier: (await ok<{ identifier: string }>(as(ctx, u, { method: 'POST', url: '/api/user/prepay/top-up', payload: { amount: 50 } }), 'top-up')).identifier });

const makeSubscription = async (u: TestUser) => {
  const start = await ok<{ url: string }>(
    as(ctx, u, { method: 'POST', url: '/api/user/prepay/top-up', payload: { amount: 200, subscription: { recurringAmount: 200, recurringMinBalance: 100 } } }),
    'top-up with subscription',
  );
  await pay(start.url);
  const list = (await ok(as(ctx, u, { method: 'GET', url: '/api/user/prepay/subscriptions' }), 'subscriptions')).list as unknown as { identifier: string; status: number }[];
  const active = list.find((s) => s.status === 2);
  expect(active, 'an active subscription').toBeDefined();
  return { identifier: active!.identifier };
};

/** A valid CNP with a fresh serial (its check digit computed), so each entry is a new one. */
function freshCnp() {
  const first12 = `1800101${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;
  const sum = [...first12].reduce((acc, d, i) => acc + Number(d) * Number('279146358279'[i]), 0);
  return `${first12}${sum % 11 === 10 ? 1 : sum % 11}`;
}
const billingAddress = { countyCode: 'CJ', city: 'cluj-napoca', postalCode: '400114', street: 'Memorandumului', number: '28' };
/** The user's active company (made once through the API: the first entry becomes the active one). */
async function activeCompany(u: TestUser) {
  const list = (await ok(as(ctx, u, { method: 'GET', url: '/api/user/billing/data' }), 'billing list')).list as unknown as { isActive: boolean }[];
  if (list.some((e) => e.isActive)) return;
  const company = { entityData: { name: 'Demo Logistic SRL', isCompany: true, isVatPayer: true, identificationCode: '14399840', tradeRegister: 'j12/1234/2010' }, address: billingAddress };
  await ok(as(ctx, u, { method: 'POST', url: '/api/user/billing/data', payload: company }), 'billing data');
}
const makeBilling = async (u: TestUser) => {
  await activeCompany(u);
  // A further entry is not active, so the owner may also delete it.
  const person = { entityData: { name: 'Ana Popescu', isCompany: false, identificationCode: freshCnp() }, address: billingAddress };
  const res = await ok(as(ctx, u, { method: 'POST', url: '/api/user/billing/data', payload: person }), 'billing data (individual)');
  return { fiscalSubaccountNumber: res.data!['fiscalSubaccountNumber'] };
};

const party = { name: 'Furnizor', identification: '4221306', vatId: null, city: null, street: null, country: 'RO' };
const RECEIVED_DOCUMENT = {
  kind: 'invoice',
  number: 'T-1',
  issueDate: '2026-11-02',
  dueDate: null,
  currency: 'RON',
  seller: party,
  buyer: party,
  lines: [],
  taxes: [],
  taxBani: 21,
  totals: { lineExtensionBani: 100, taxExclusiveBani: 100, taxInclusiveBani: 121, allowanceBani: 0, chargeBani: 0, prepaidBani: 0, roundingBani: 0, payableBani: 121 },
  paymentIban: null,
  attachments: [],
};
/** The user's company connected to e-Factura (the row as a consent writes it; its tokens are not usable). */
const makeConnection = async (u: TestUser) => {
  await activeCompany(u);
  const [entity] = await ctx.database.db.select({ id: billingEntities.id }).from(billingEntities).where(eq(billingEntities.userId, u.id)).limit(1);
  const year = new Date(Date.now() + 365 * 86_400_000);
  await ctx.database.db
    .insert(eInvoiceConnections)
    .values({ billingEntityId: entity!.id, userId: u.id, state: 'ACTIVE', accessTokenEnc: 'x', refreshTokenEnc: 'x', accessExpiresAt: year, refreshExpiresAt: year })
    .onConflictDoNothing();
  return { fiscalSubaccountNumber: entity!.id };
};

/** A received e-invoice of the user's company (written as the sync writes it: the row and its ZIP). */
const makeReceived = async (u: TestUser) => {
  await activeCompany(u);
  const [entity] = await ctx.database.db.select({ id: billingEntities.id }).from(billingEntities).where(eq(billingEntities.userId, u.id)).limit(1);
  const messageId = String(Date.now()) + String(Math.floor(Math.random() * 1000));
  const zip = await zipOf([{ name: `${messageId}.xml`, data: '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>' }]);
  const [row] = await ctx.database.db
    .insert(eInvoiceReceived)
    .values({ billingEntityId: entity!.id, messageId, uploadIndex: '1', messageAt: new Date(), zip, kind: 'invoice', number: 'T-1', issueDate: '2026-11-02', currency: 'RON', sellerName: 'Furnizor', sellerIdentification: '4221306', taxBani: 21, totalBani: 121, document: RECEIVED_DOCUMENT })
    .returning({ id: eInvoiceReceived.id });
  return { receivedInvoiceId: row!.id };
};

/**
 * A document the platform's company sent through e-Factura, accepted: the user holds the platform's
 * company (its CUI, connected), whose sent documents only its holder sees.
 */
const makeSent = async (u: TestUser) => {
  const db = ctx.database.db;
  const company = { name: 'Colete Online SRL', isCompany: true, isVatPayer: true, identificationCode: ctx.config.seller.cui, fiscalIdentificationType: 1, verifyStatus: 'verified' as const };
  const place = { countryCode: 'RO', countyCode: 'B', county: 'București', city: 'Sectorul 2', postalCode: '020331', street: 'Strada Fabrica de Glucoza', number: '5' };
  await db.insert(billingEntities).values({ userId: u.id, ...company, ...place }).onConflictDoNothing();
  const [entity] = await db.select({ id: billingEntities.id }).from(billingEntities).where(and(eq(billingEntities.userId, u.id), eq(billingEntities.identificationCode, ctx.config.seller.cui)));
  const year = new Date(Date.now() + 365 * 86_400_000);
  await db.insert(eInvoiceConnections).values({ billingEntityId: entity!.id, userId: u.id, state: 'ACTIVE', accessTokenEnc: 'x', refreshTokenEnc: 'x', accessExpiresAt: year, refreshExpiresAt: year }).onConflictDoNothing();
  const uploadIndex = String(5_000_000_000 + Math.floor(Math.random() * 1_000_000_000));
  const [row] = await db
    .insert(eInvoiceSent)
    .values({ source: 'platform', sourceId: Math.floor(Math.random() * 1_000_000_000), billingEntityId: entity!.id, number: 'CO 000001', kind: 'invoice', buyerName: 'Pop SRL', buyerIdentification: '14399840', issueDate: '2026-11-27', deadline: '2026-12-08', taxExcludedBani: 100, taxBani: 21, totalBani: 121, status: 'success', xml: '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>', uploadIndex, answerZip: await zipOf([{ name: 'r.xml', data: '<r/>' }]) })
    .returning({ id: eInvoiceSent.id });
  return { invoiceId: row!.id, processingId: uploadIndex };
};

const makeInvoice = async (u: TestUser) => {
  await activeCompany(u);
  // Something to invoice: a charge left open (the shipment flow's own record of what is owed).
  await ctx.database.db.insert(billableCharges).values({ userId: u.id, amountBani: 2380, description: 'Expediere AWB 1234567890', reference: `tenancy-${randomUUID()}` });
  // A prepaid balance left from other objects' top-ups is sent back to the client's bank account.
  await ctx.database.db.update(users).set({ bankAccount: 'RO66BACX0000001234567890' }).where(eq(users.id, u.id));
  const settled = await ok(as(ctx, u, { method: 'POST', url: '/api/user/settle-account-finances' }), 'settle');
  return { id: (settled.invoice as unknown as { id: number }).id };
};

/** An invoice that covers a shipment (it has an annex): a draft's shipment charged and settled. */
const makeInvoiceWithAnnex = async (u: TestUser) => {
  const { uniqueId } = await makeShipment(u);
  const [shipment] = await ctx.database.db.select({ id: shipments.id }).from(shipments).where(eq(shipments.uniqueId, String(uniqueId)));
  await ctx.database.db.insert(billableCharges).values({ userId: u.id, shipmentId: shipment!.id, amountBani: 2380, description: 'Expediere AWB 1234567890', reference: `tenancy-${randomUUID()}` });
  return makeInvoice(u);
};

/** A paid repayment sheet of one repayment (written straight to the database: the payout job makes them). */
const makeRepaymentSheet = async (u: TestUser) => {
  const [r] = await insertRepayments(ctx, u.id, [{ status: 'paid', lei: 50, orderedAt: new Date() }]);
  return { sheetId: (await insertSheet(ctx, u.id, [r!.id], 5000)).id };
};

const makeMail = async (u: TestUser) => ({
  // No call makes a mail on demand: it is queued the way every module queues one.
  id: await enqueueMail(ctx.database.db, { userId: u.id, kind: 'sendInvoiceMail', to: [u.email], subject: 'Factura', text: 'Text' }),
});

const makePickupPoint = async (u: TestUser) => {
  const res = await ok(
    as(ctx, u, { method: 'POST', url: '/api/user/pick-up-points/add', payload: { address: address(), courier: courierId, estimatedOrderCount: 5, pickUpDays: [], printerAvailable: true } }),
    'pick-up point',
  );
  return { id: res.point!['id'] };
};

const makeTemplate = async (u: TestUser) => {
  const res = await ok(
    as(ctx, u, { method: 'POST', url: '/api/order-template', payload: { data: { name: `Retururi ${randomUUID().slice(0, 6)}`, options: {} }, address: address() } }),
    'order template',
  );
  return { id: res.data!['id'], uniqueId: res.data!['uniqueId'] };
};

const makePackagingTemplate = async (u: TestUser) => {
  const res = await ok(
    as(ctx, u, {
      method: 'POST',
      url: '/api/user/packaging/templates/add',
      payload: { name: 'Cutie', template: { content: 'Haine', packages: [{ name: '', weight: 2, xLength: 40, yLength: 30, zLength: 20 }] } },
    }),
    'packaging template',
  );
  return { id: res.template!['id'] };
};

const makeSavedPackage = async (u: TestUser) => {
  const res = await ok(as(ctx, u, { method: 'POST', url: '/api/user/packaging/packages/add', payload: { name: 'Cutie mica', weight: 1, xLength: 20, yLength: 20, zLength: 10 } }), 'package');
  return { id: res.package!['id'] };
};

/** A connected store: needs-auth, the Shopify simulator's consent page (approve), the callback. */
const makeStore = async (u: TestUser) => {
  const shop = `magazin-${randomUUID().slice(0, 8)}.myshopify.com`;
  const { redirectUrl } = await ok<{ redirectUrl: string }>(as(ctx, u, { method: 'GET', url: `/api/user/integration/shopify/needs-auth?shop=${shop}` }), 'needs-auth');
  const q = new URL(redirectUrl, 'http://localhost').searchParams;
  const form = new URLSearchParams({ shop, client_id: q.get('client_id')!, scope: q.get('scope')!, redirect_uri: q.get('redirect_uri')!, state: q.get('state')!, decision: 'allow' });
  const consent = await ctx.app.inject({ method: 'POST', url: '/sim/shopify/admin/oauth/authorize', payload: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const back = new URL(String(consent.headers.location));
  const done = await as(ctx, u, { method: 'GET', url: `${back.pathname}${back.search}` });
  expect(done.headers.location, 'store connected').toBe('/profile/integration?shopify=connected');
  const list = (await ok(as(ctx, u, { method: 'GET', url: '/api/user/integration/shopify/accounts' }), 'stores')).list as unknown as { clientId: number; shop: string }[];
  return { clientId: list.find((a) => a.shop === shop)!.clientId, shop };
};

/** A connected store and a fulfillment order of its shop (#1001's), with a location it can move to (or its own, when none). */
const makeStoreFulfillmentOrder = async (u: TestUser) => {
  const { clientId, shop } = await makeStore(u);
  const fo = answerFulfillmentOrder(orderAt(shop, 0)!.fulfillmentOrders.nodes[0]!);
  const target = fo.locationsForMove.nodes.find((n) => n.movable)?.location.id ?? fo.assignedLocation.location.id;
  return { clientId, fulfillmentOrderId: fo.id, locationId: target };
};

/** A connected store with an address-book entry (the sender a location association names). */
const makeStoreAndAddress = async (u: TestUser) => ({ ...(await makeStore(u)), addressId: (await makeAddress(u)).id });
const dimensionsBody = { variantId: 'gid://shopify/ProductVariant/1', product: { type: 'default', identification: { id: 'gid://shopify/Product/1', sku: null, name: 'Cana' }, dimensions: { weight: 0.5, width: 10, length: 10, height: 10 } } };
/** A saved sender association of a store location. */
const makeAssociation = async (u: TestUser) => {
  const o = await makeStoreAndAddress(u);
  const res = await ok(as(ctx, u, { method: 'POST', url: `/api/user/integration/shopify/location-mutation/from/${o.clientId}`, payload: { shopifyLocationId: 'gid://shopify/Location/1', internalAddressId: o.addressId } }), 'association');
  return { mutationId: res.mutation!['mutationId'] };
};
/** A variant's saved dimensions. */
const makeDimensions = async (u: TestUser) => {
  const { clientId } = await makeStore(u);
  const res = await ok(as(ctx, u, { method: 'POST', url: `/api/user/integration/shopify/product-mutation/${clientId}`, payload: dimensionsBody }), 'dimensions');
  return { mutationId: res.mutation!['mutationId'] };
};
/** A connected store and a packing of its #1001 ('Salveaza configuratie'), built from the order page's data. */
const makeStorePacking = async (u: TestUser) => {
  const { clientId } = await makeStore(u);
  const orderId = 'gid://shopify/Order/1001';
  const { order } = await ok<{ order: TStoreOrderDetail }>(as(ctx, u, { method: 'GET', url: `/api/user/integration/shopify/order/${clientId}/${encodeURIComponent(encodeURIComponent(orderId))}` }), 'order');
  const fo = order.shippingOrders.awaitingFulfillment[0]!;
  return { clientId, body: JSON.stringify({ orderId, fulfillmentOrderId: fo.fulfillmentOrderId, packing: initialPacking(fo) }) };
};
/** A saved packing configuration. */
const makeSavedPacking = async (u: TestUser) => {
  const o = await makeStorePacking(u);
  const res = await ok(as(ctx, u, { method: 'POST', url: `/api/user/integration/shopify/packing-mutation/${o.clientId}`, payload: JSON.parse(o.body) as object }), 'packing');
  return { mutationId: res.mutation!['mutationId'] };
};

// ---------- the table ----------

/** A bulk activation run on a connected store (the order needs nothing from the shop to be recorded; the job may finish it or not). */
async function makeBulkRun(u: TestUser) {
  const { clientId } = await makeStore(u);
  const res = await ok(as(ctx, u, { method: 'POST', url: `/api/user/integration/shopify/activate-orders/${clientId}`, payload: { orders: [{ shopifyGraphQLId: 'gid://shopify/Order/1001', orderDisplayName: '#1001' }] } }), 'bulk run');
  return { clientId, runId: res.runId as unknown as number };
}

const ROUTES: Record<string, Entry> = {
  'GET /api/user/customer/{id}': { kind: 'client', make: makeCustomer, request: (o) => ({ method: 'GET', url: `/api/user/customer/${o.id}` }) },
  'PUT /api/user/customer/{id}': { kind: 'client', make: makeCustomer, request: (o) => ({ method: 'PUT', url: `/api/user/customer/${o.id}`, payload: customerBody() }) },
  'DELETE /api/user/customer/{id}': { kind: 'client', make: makeCustomer, request: (o) => ({ method: 'DELETE', url: `/api/user/customer/${o.id}` }) },
  'GET /api/user/customer/{id}/shipments': { kind: 'client', make: makeCustomer, request: (o) => ({ method: 'GET', url: `/api/user/customer/${o.id}/shipments` }) },
  'GET /api/user/customer/{id}/invoices': { kind: 'client', make: makeCustomer, request: (o) => ({ method: 'GET', url: `/api/user/customer/${o.id}/invoices` }) },
  'GET /api/address/{id}': { kind: 'client', make: makeAddress, request: (o) => ({ method: 'GET', url: `/api/address/${o.id}` }) },
  'PUT /api/address/{id}': { kind: 'client', make: makeAddress, request: (o) => ({ method: 'PUT', url: `/api/address/${o.id}`, payload: address() }) },
  'DELETE /api/address/{id}': { kind: 'client', make: makeAddress, request: (o) => ({ method: 'DELETE', url: `/api/address/${o.id}` }) },
  'GET /api/user/mail/outbox/{id}': { kind: 'client', make: makeMail, request: (o) => ({ method: 'GET', url: `/api/user/mail/outbox/${o.id}` }) },
  'PATCH /api/user/prepay/subscription/{identifier}': {
    kind: 'client',
    make: makeSubscription,
    request: (o) => ({ method: 'PATCH', url: `/api/user/prepay/subscription/${o.identifier}`, payload: { recurringAmount: 500, recurringMinBalance: 100 } }),
  },
  'DELETE /api/user/prepay/subscription/{identifier}': {
    kind: 'client',
    make: makeSubscription,
    request: (o) => ({ method: 'DELETE', url: `/api/user/prepay/subscription/${o.identifier}` }),
  },
  'GET /api/user/prepay/payment/{identifier}': { kind: 'client', make: makePayment, request: (o) => ({ method: 'GET', url: `/api/user/prepay/payment/${o.identifier}` }) },
  'GET /sim/card/{identifier}': {
    kind: 'public',
    why: "the card simulator's hosted payment page: like a processor's checkout page, its unguessable identifier is the access",
    request: { method: 'GET', url: `/sim/card/${randomUUID()}` },
  },
  'POST /sim/card/{identifier}': {
    kind: 'public',
    why: "the card simulator's hosted payment page (the card form's submission)",
    request: { method: 'POST', url: `/sim/card/${randomUUID()}` },
  },
  'POST /sim/card/{identifier}/3ds': {
    kind: 'public',
    why: "the card simulator's hosted 3-D Secure step",
    request: { method: 'POST', url: `/sim/card/${randomUUID()}/3ds` },
  },
  'PATCH /api/user/billing/data/set-active/{fiscalSubaccountNumber}': {
    kind: 'client',
    make: makeBilling,
    request: (o) => ({ method: 'PATCH', url: `/api/user/billing/data/set-active/${o.fiscalSubaccountNumber}` }),
  },
  'DELETE /api/user/billing/data/{fiscalSubaccountNumber}': {
    kind: 'client',
    make: makeBilling,
    request: (o) => ({ method: 'DELETE', url: `/api/user/billing/data/${o.fiscalSubaccountNumber}` }),
  },
  'DELETE /api/user/invoicing-system/company/{fiscalSubaccountNumber}': {
    kind: 'client',
    make: makeConnection,
    request: (o) => ({ method: 'DELETE', url: `/api/user/invoicing-system/company/${o.fiscalSubaccountNumber}` }),
  },
  'POST /api/user/invoicing-system/company/{fiscalSubaccountNumber}/refresh': {
    kind: 'client',
    make: makeConnection,
    request: (o) => ({ method: 'POST', url: `/api/user/invoicing-system/company/${o.fiscalSubaccountNumber}/refresh` }),
  },
  'GET /api/user/invoicing-system/received-invoice/{receivedInvoiceId}': {
    kind: 'client',
    make: makeReceived,
    request: (o) => ({ method: 'GET', url: `/api/user/invoicing-system/received-invoice/${o.receivedInvoiceId}` }),
  },
  'GET /api/user/invoicing-system/received-invoice/download/{receivedInvoiceId}/{kind}': {
    kind: 'client',
    make: makeReceived,
    request: (o) => ({ method: 'GET', url: `/api/user/invoicing-system/received-invoice/download/${o.receivedInvoiceId}/zip` }),
  },
  'GET /api/user/invoicing-system/status-details/{invoiceId}': {
    kind: 'client',
    make: makeSent,
    request: (o) => ({ method: 'GET', url: `/api/user/invoicing-system/status-details/${o.invoiceId}` }),
  },
  'POST /api/user/invoicing-system/status-details/{invoiceId}/reprocess': {
    kind: 'client',
    make: makeSent,
    request: (o) => ({ method: 'POST', url: `/api/user/invoicing-system/status-details/${o.invoiceId}/reprocess` }),
  },
  'GET /api/user/invoicing-system/invoice/download/{processingId}/{kind}': {
    kind: 'client',
    make: makeSent,
    request: (o) => ({ method: 'GET', url: `/api/user/invoicing-system/invoice/download/${o.processingId}/xml` }),
  },
  'GET /api/user/invoices/{id}/pdf': { kind: 'client', make: makeInvoice, request: (o) => ({ method: 'GET', url: `/api/user/invoices/${o.id}/pdf` }) },
  'GET /api/invoice/print/{id}': { kind: 'client', make: makeInvoice, request: (o) => ({ method: 'GET', url: `/api/invoice/print/${o.id}` }) },
  'GET /api/invoice/annex/{id}': { kind: 'client', make: makeInvoiceWithAnnex, request: (o) => ({ method: 'GET', url: `/api/invoice/annex/${o.id}` }) },
  'GET /api/user/repayments/sheet/info/{sheetId}': {
    kind: 'client',
    make: makeRepaymentSheet,
    request: (o) => ({ method: 'GET', url: `/api/user/repayments/sheet/info/${o.sheetId}` }),
  },
  'GET /api/shipments/{uniqueId}': { kind: 'client', make: makeShipment, request: (o) => ({ method: 'GET', url: `/api/shipments/${o.uniqueId}` }) },
  'PUT /api/shipments/{uniqueId}': {
    kind: 'client',
    make: makeShipment,
    request: (o) => ({ method: 'PUT', url: `/api/shipments/${o.uniqueId}`, payload: { packages: [{ type: 'parcel', weight: 2, length: 30, width: 20, height: 10 }], content: 'Carti' } }),
  },
  'DELETE /api/shipments/{uniqueId}': { kind: 'client', make: makeShipment, request: (o) => ({ method: 'DELETE', url: `/api/shipments/${o.uniqueId}` }) },
  'GET /api/shipments/{uniqueId}/draft': { kind: 'client', make: makeShipment, request: (o) => ({ method: 'GET', url: `/api/shipments/${o.uniqueId}/draft` }) },
  'POST /api/shipments/{uniqueId}/activate': {
    kind: 'client',
    make: makeShipment,
    request: (o) => ({ method: 'POST', url: `/api/shipments/${o.uniqueId}/activate`, payload: { serviceId: 'any' } }),
  },
  'GET /api/shipments/{uniqueId}/offers': { kind: 'client', make: makeShipment, request: (o) => ({ method: 'GET', url: `/api/shipments/${o.uniqueId}/offers` }) },
  'GET /api/shipments/{uniqueId}/tracking': { kind: 'client', make: makeShipment, request: (o) => ({ method: 'GET', url: `/api/shipments/${o.uniqueId}/tracking` }) },
  'POST /api/shipments/{uniqueId}/cancel': { kind: 'client', make: makeShipment, request: (o) => ({ method: 'POST', url: `/api/shipments/${o.uniqueId}/cancel` }) },
  'GET /api/order-auth/print/{uniqueId}/{format}': { kind: 'client', make: makeActiveShipment, request: (o) => ({ method: 'GET', url: `/api/order-auth/print/${o.uniqueId}/A4` }) },
  'PUT /api/user/pick-up-points/request-delete/{id}': { kind: 'client', make: makePickupPoint, request: (o) => ({ method: 'PUT', url: `/api/user/pick-up-points/request-delete/${o.id}` }) },
  'POST /api/admin/pick-up-points/{id}/approve': { kind: 'admin', make: makePickupPoint, request: (o) => ({ method: 'POST', url: `/api/admin/pick-up-points/${o.id}/approve` }) },
  'POST /api/admin/pick-up-points/{id}/reject': {
    kind: 'admin',
    make: makePickupPoint,
    request: (o) => ({ method: 'POST', url: `/api/admin/pick-up-points/${o.id}/reject`, payload: { reason: 'Adresa nu este deservita' } }),
  },
  'PUT /api/admin/repayment/process-user-payment/{clientId}': { kind: 'admin', make: makeRepaymentClient, request: (o) => ({ method: 'PUT', url: `/api/admin/repayment/process-user-payment/${o.clientId}` }) },
  'DELETE /api/admin/repayment/sheet/{id}': { kind: 'admin', make: makeSheet, request: (o) => ({ method: 'DELETE', url: `/api/admin/repayment/sheet/${o.id}`, payload: { type: 1, markForPayment: true } }) },
  'POST /api/admin/repayments/reconciliation/{flagId}/resolve': {
    kind: 'admin',
    make: makeFlag,
    request: (o) => ({ method: 'POST', url: `/api/admin/repayments/reconciliation/${o.flagId}/resolve`, payload: { note: 'Verificat cu curierul' } }),
  },
  // An upload's progress is the uploading admin's (upload-batches.test.ts: another admin gets 404).
  'GET /api/admin/uploads/{uploadId}/progress': {
    kind: 'admin',
    make: async () => {
      const uploadId = randomUUID();
      const form = multipartFile('raport.csv', 'awbNumber,amountCollected,transferDate,reimbursementAwbNumber\n');
      await as(ctx, admin, { method: 'POST', url: '/api/admin/repayments/reports/colet24', payload: form.payload, headers: { ...form.headers, 'x-upload-id': uploadId } });
      return { uploadId };
    },
    request: (o) => ({ method: 'GET', url: `/api/admin/uploads/${o.uploadId}/progress` }),
  },
  'GET /api/admin/repayments/payout-runs/{runId}/file': { kind: 'admin', make: makePayoutRun, request: (o) => ({ method: 'GET', url: `/api/admin/repayments/payout-runs/${o.runId}/file` }) },
  'GET /api/order-template/data/{id}': { kind: 'client', make: makeTemplate, request: (o) => ({ method: 'GET', url: `/api/order-template/data/${o.id}` }) },
  'PUT /api/order-template/upload-photo/{uniqueId}': {
    kind: 'client',
    make: makeTemplate,
    request: (o) => ({ method: 'PUT', url: `/api/order-template/upload-photo/${o.uniqueId}`, payload: logoUpload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }),
  },
  'DELETE /api/order-template/{id}': { kind: 'client', make: makeTemplate, request: (o) => ({ method: 'DELETE', url: `/api/order-template/${o.id}` }) },
  'GET /api/order/return/{uniqueId}': {
    kind: 'public',
    why: "the public return page: the merchant's customers open it from the link, without an account",
    request: { method: 'GET', url: '/api/order/return/nu-exista-sablon' },
  },
  'POST /api/order/return/{uniqueId}': {
    kind: 'public',
    why: 'the public return form submission (rate limited in the database)',
    request: { method: 'POST', url: '/api/order/return/nu-exista-sablon', payload: {} },
  },
  'GET /api/order/return/{uniqueId}/logo': {
    kind: 'public',
    why: "the public return page's logo",
    request: { method: 'GET', url: '/api/order/return/nu-exista-sablon/logo' },
  },
  'PUT /api/user/packaging/templates/{id}': { kind: 'client', make: makePackagingTemplate, request: (o) => ({ method: 'PUT', url: `/api/user/packaging/templates/${o.id}` }) },
  'DELETE /api/user/packaging/templates/{id}': { kind: 'client', make: makePackagingTemplate, request: (o) => ({ method: 'DELETE', url: `/api/user/packaging/templates/${o.id}` }) },
  'PUT /api/user/packaging/templates/{id}/edit': {
    kind: 'client',
    make: makePackagingTemplate,
    request: (o) => ({ method: 'PUT', url: `/api/user/packaging/templates/${o.id}/edit`, payload: { name: 'Alt nume', template: { packages: [{ weight: 1, xLength: 20, yLength: 20, zLength: 10 }] } } }),
  },
  'PUT /api/user/packaging/packages/{id}/edit': {
    kind: 'client',
    make: makeSavedPackage,
    request: (o) => ({ method: 'PUT', url: `/api/user/packaging/packages/${o.id}/edit`, payload: { name: 'Alt nume', weight: 1, xLength: 20, yLength: 20, zLength: 10 } }),
  },
  'GET /api/user/integration/shopify/check-account-configuration/{clientId}': {
    kind: 'client',
    make: makeStore,
    request: (o) => ({ method: 'GET', url: `/api/user/integration/shopify/check-account-configuration/${o.clientId}` }),
  },
  'POST /api/user/integration/shopify/orders/{clientId}': {
    kind: 'client',
    make: makeStore,
    request: (o) => ({ method: 'POST', url: `/api/user/integration/shopify/orders/${o.clientId}`, payload: { type: 'NOT_PICKED_UP', interval: { start: null, end: null } } }),
  },
  'POST /api/user/integration/shopify/orders/{clientId}/matching': {
    kind: 'client',
    make: makeStore,
    request: (o) => ({ method: 'POST', url: `/api/user/integration/shopify/orders/${o.clientId}/matching`, payload: { search: '1001' } }),
  },
  'GET /api/user/integration/shopify/orders/{clientId}/locations': {
    kind: 'client',
    make: makeStore,
    request: (o) => ({ method: 'GET', url: `/api/user/integration/shopify/orders/${o.clientId}/locations` }),
  },
  'GET /api/user/integration/shopify/orders/{clientId}/sync': {
    kind: 'client',
    make: makeStore,
    request: (o) => ({ method: 'GET', url: `/api/user/integration/shopify/orders/${o.clientId}/sync` }),
  },
  'DELETE /api/user/integration/shopify/accounts/{clientId}': {
    kind: 'client',
    make: makeStore,
    request: (o) => ({ method: 'DELETE', url: `/api/user/integration/shopify/accounts/${o.clientId}` }),
  },
  'POST /api/user/integration/shopify/location-mutation/from/{id}': {
    kind: 'client',
    make: makeStoreAndAddress,
    request: (o) => ({ method: 'POST', url: `/api/user/integration/shopify/location-mutation/from/${o.clientId}`, payload: { shopifyLocationId: 'gid://shopify/Location/1', internalAddressId: o.addressId } }),
  },
  'DELETE /api/user/integration/shopify/location-mutation/from/{id}': {
    kind: 'client',
    make: makeAssociation,
    request: (o) => ({ method: 'DELETE', url: `/api/user/integration/shopify/location-mutation/from/${o.mutationId}` }),
  },
  'POST /api/user/integration/shopify/product-mutation/{id}': {
    kind: 'client',
    make: makeStore,
    request: (o) => ({ method: 'POST', url: `/api/user/integration/shopify/product-mutation/${o.clientId}`, payload: dimensionsBody }),
  },
  'DELETE /api/user/integration/shopify/product-mutation/{id}': {
    kind: 'client',
    make: makeDimensions,
    request: (o) => ({ method: 'DELETE', url: `/api/user/integration/shopify/product-mutation/${o.mutationId}` }),
  },
  'POST /api/user/integration/shopify/{clientIdAndHost}/fulfillment-order/{fulfillmentOrderId}/move/{locationId}': {
    kind: 'client',
    make: makeStoreFulfillmentOrder,
    // A second move to the same location (the admin acting for the owner) answers success without moving.
    request: (o) => ({ method: 'POST', url: storeMovePath(Number(o.clientId), 'localhost', String(o.fulfillmentOrderId), String(o.locationId)) }),
  },
  'POST /api/user/integration/shopify/activate-orders/{clientId}': {
    kind: 'client',
    make: makeStore,
    request: (o) => ({ method: 'POST', url: `/api/user/integration/shopify/activate-orders/${o.clientId}`, payload: { orders: [{ shopifyGraphQLId: 'gid://shopify/Order/1001', orderDisplayName: '#1001' }] } }),
  },
  'POST /api/user/integration/shopify/activate-orders/{clientId}/services': {
    kind: 'client',
    make: makeStore,
    request: (o) => ({ method: 'POST', url: `/api/user/integration/shopify/activate-orders/${o.clientId}/services`, payload: { orders: [{ shopifyGraphQLId: 'gid://shopify/Order/1001' }] } }),
  },
  'GET /api/user/integration/shopify/activate-orders/{clientId}/runs/{runId}': {
    kind: 'client',
    make: makeBulkRun,
    request: (o) => ({ method: 'GET', url: `/api/user/integration/shopify/activate-orders/${o.clientId}/runs/${o.runId}` }),
  },
  'GET /api/user/integration/shopify/activate-orders/{clientId}/runs/{runId}/labels': {
    kind: 'client',
    make: makeBulkRun,
    // The owner's run has made no label yet (no job runs here): 409, which still reaches the run.
    request: (o) => ({ method: 'GET', url: `/api/user/integration/shopify/activate-orders/${o.clientId}/runs/${o.runId}/labels` }),
  },
  'GET /api/user/integration/shopify/order/{clientId}/{id}': {
    kind: 'client',
    make: makeStore,
    request: (o) => ({ method: 'GET', url: `/api/user/integration/shopify/order/${o.clientId}/${encodeURIComponent(encodeURIComponent('gid://shopify/Order/1001'))}` }),
  },
  'POST /api/user/integration/shopify/services-list/{clientId}': {
    kind: 'client',
    make: makeStore,
    request: (o) => ({ method: 'POST', url: `/api/user/integration/shopify/services-list/${o.clientId}`, payload: storeCardBody() }),
  },
  'POST /api/user/integration/shopify/order/{clientId}': {
    kind: 'client',
    make: makeStore,
    // A line the fulfillment order does not have: the owner is refused with 400 after the store and order are found.
    request: (o) => ({ method: 'POST', url: `/api/user/integration/shopify/order/${o.clientId}`, payload: { ...storeCardBody(), activationId: 'svc', fulfilledLineItems: [{ fulfillmentLineItemId: 'gid://shopify/FulfillmentOrderLineItem/1', quantity: 1 }] } }),
  },
  'POST /api/user/integration/shopify/order/{clientId}/cod-part': {
    kind: 'client',
    make: makeStore,
    // A fulfillment order the shop's order does not have: the owner is answered 404 only after the store is found.
    request: (o) => ({ method: 'POST', url: `/api/user/integration/shopify/order/${o.clientId}/cod-part`, payload: { shopifyOrderId: 'gid://shopify/Order/1001', shopifyFulfillmentOrderId: 'gid://shopify/FulfillmentOrder/10011' } }),
  },
  'POST /api/user/integration/shopify/order/{clientId}/refusal/cancel-awb': {
    kind: 'client',
    make: makeStore,
    // No AWB of that part was refused: the owner is answered 409 after the store is found.
    request: (o) => ({ method: 'POST', url: `/api/user/integration/shopify/order/${o.clientId}/refusal/cancel-awb`, payload: { shopifyOrderId: 'gid://shopify/Order/1001', shopifyFulfillmentOrderId: 'gid://shopify/FulfillmentOrder/10011' } }),
  },
  'POST /api/user/integration/shopify/order/{clientId}/refusal/retry': {
    kind: 'client',
    make: makeStore,
    request: (o) => ({ method: 'POST', url: `/api/user/integration/shopify/order/${o.clientId}/refusal/retry`, payload: { shopifyOrderId: 'gid://shopify/Order/1001', shopifyFulfillmentOrderId: 'gid://shopify/FulfillmentOrder/10011' } }),
  },
  'PATCH /api/user/integration/shopify/order/{clientId}': {
    kind: 'client',
    make: makeStore,
    request: (o) => ({ method: 'PATCH', url: `/api/user/integration/shopify/order/${o.clientId}`, payload: { ...storeCardBody(), activationId: null } }),
  },
  'POST /api/user/integration/shopify/packing-mutation/{id}': {
    kind: 'client',
    make: makeStorePacking,
    request: (o) => ({ method: 'POST', url: `/api/user/integration/shopify/packing-mutation/${o.clientId}`, payload: JSON.parse(String(o.body)) as object }),
  },
  'DELETE /api/user/integration/shopify/packing-mutation/{id}': {
    kind: 'client',
    make: makeSavedPacking,
    request: (o) => ({ method: 'DELETE', url: `/api/user/integration/shopify/packing-mutation/${o.mutationId}` }),
  },
  'DELETE /api/user/packaging/packages/{id}': { kind: 'client', make: makeSavedPackage, request: (o) => ({ method: 'DELETE', url: `/api/user/packaging/packages/${o.id}` }) },
};

// ---------- the test ----------

const withQuery = (r: Request, query: string): Request => ({ ...r, url: `${r.url}${r.url.includes('?') ? '&' : '?'}${query}` });
/** The owner's answer: anything but "who are you", "not yours" or "not found" (a draft may, say, refuse a label with 409). */
const reached = (status: number) => status < 500 && ![401, 403, 404].includes(status);

let idRoutes: string[] = [];
let adminRoutes: { method: string; path: string }[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
  alice = await createUser(ctx, { name: 'Alice Transport SRL' });
  bob = await createUser(ctx, { name: 'Bob Curierat SRL' });
  admin = await createUser(ctx, { name: 'Admin', userType: USER_TYPE.admin });
  const couriers = await ok(as(ctx, alice, { method: 'GET', url: '/api/user/pick-up-points/couriers-list' }), 'couriers');
  courierId = (couriers.list as unknown as { forwarderId: string; scheduleType: number }[]).find((c) => c.scheduleType === 1)!.forwarderId;
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  };
  adminRoutes = Object.entries(doc.paths).flatMap(([path, item]) =>
    path.startsWith('/api/admin/') ? Object.keys(item).filter((m) => m !== 'parameters').map((method) => ({ method: method.toUpperCase(), path })) : [],
  );
  idRoutes = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, op]) => (op.parameters ?? []).some((p) => p.in === 'path' && isObjectId(p.name)))
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
}, 120_000);
afterAll(async () => ctx?.close());

describe('tenancy matrix over every route with an object id', () => {
  it('lists every route of the OpenAPI document that has an object id, and nothing else', () => {
    expect(idRoutes.length).toBeGreaterThan(20);
    const missing = idRoutes.filter((r) => !(r in ROUTES));
    expect(missing, `routes with an object id missing from the tenancy table: ${missing.join(', ')}`).toEqual([]);
    const stale = Object.keys(ROUTES).filter((r) => !idRoutes.includes(r));
    expect(stale, 'tenancy table entries that are not routes with an object id').toEqual([]);
  });

  it('every admin route (under /api/admin/) refuses a client with 403 and a stranger with 401', async () => {
    expect(adminRoutes.length).toBeGreaterThan(2);
    for (const r of adminRoutes) {
      const request = { method: r.method as InjectOptions['method'], url: r.path.replace(/\{[^}]+\}/g, '1'), payload: {} };
      expect((await as(ctx, null, request)).statusCode, `${r.method} ${r.path} signed out`).toBe(401);
      expect((await as(ctx, alice, request)).statusCode, `${r.method} ${r.path} as a client`).toBe(403);
      expect((await as(ctx, alice, { ...request, url: `${request.url}?selectedClient=${alice.id}` })).statusCode, `${r.method} ${r.path} as a client naming themselves`).toBe(403);
    }
  });

  for (const [route, entry] of Object.entries(ROUTES)) {
    it(route, { timeout: 60_000 }, async () => {
      if (entry.kind === 'public') {
        // Public by design: no session is asked (a wrong identifier is simply not found or refused).
        const res = await as(ctx, null, entry.request);
        expect(res.statusCode, `${route} (${entry.why}): ${res.body}`).not.toBe(401);
        expect(res.statusCode).toBeLessThan(500);
        return;
      }
      const object = await entry.make(alice);
      expect(Object.values(object).every((v) => v !== undefined && v !== null && v !== ''), `${route}: the factory made ${JSON.stringify(object)}`).toBe(true);
      const request = entry.request(object);
      const signedOut = await as(ctx, null, request);
      expect(signedOut.statusCode, `${route} signed out: ${signedOut.body}`).toBe(401);

      if (entry.kind === 'admin') {
        for (const u of [bob, alice]) {
          const res = await as(ctx, u, request);
          expect(res.statusCode, `${route} as a client: ${res.body}`).toBe(403);
        }
        const res = await as(ctx, admin, request);
        expect(reached(res.statusCode), `${route} as the admin -> ${res.statusCode}: ${res.body}`).toBe(true);
        return;
      }

      const other = await as(ctx, bob, request);
      expect(other.statusCode, `${route} as another client: ${other.body}`).toBe(404);
      const adminForOther = await as(ctx, admin, withQuery(request, `selectedClient=${bob.id}`));
      expect(adminForOther.statusCode, `${route} as an admin acting for another client: ${adminForOther.body}`).toBe(404);
      const adminForOwner = await as(ctx, admin, withQuery(request, `selectedClient=${alice.id}`));
      expect(reached(adminForOwner.statusCode), `${route} as an admin acting for the owner -> ${adminForOwner.statusCode}: ${adminForOwner.body}`).toBe(true);
      // The owner on a fresh object (the admin's call may have changed or removed the first one).
      const own = await as(ctx, alice, entry.request(await entry.make(alice)));
      expect(reached(own.statusCode), `${route} as the owner -> ${own.statusCode}: ${own.body}`).toBe(true);
    });
  }
});
