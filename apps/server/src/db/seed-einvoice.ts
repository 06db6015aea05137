import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { EINVOICE_CALLBACK_PATH } from '../integrations/e-invoicing/einvoice-auth.js';
import { SIM_AUTHORIZE_PATH } from '../integrations/e-invoicing/simulator.js';
import { SIM_CATALOGUE, SIM_SUPPLIERS } from '../integrations/e-invoicing/simulator-daily.js';
import { demoVat, issueSupplierDocument, type SupplierDocument, type SupplierProblem } from '../integrations/e-invoicing/simulator-suppliers.js';
import type { Database } from './client.js';
import { billingEntities } from './schema/billing.js';
import { eInvoiceConnections, eInvoiceReceived } from './schema/einvoice.js';
import { users } from './schema/users.js';

const DAY_MS = 86_400_000;
/** The demo client's company (Demo Logistic SRL), connected to the e-Factura simulator. */
export const DEMO_BUYER = '14399840';
const SUPPLIERS = SIM_SUPPLIERS;
const CATALOGUE = SIM_CATALOGUE;

/** A small PDF as a supplier would embed it: its number and seller on one page (pdf-lib). */
async function supplierPdf(number: string, seller: string) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText(`Factura ${number}`, { x: 60, y: 760, size: 22, font });
  page.drawText(`Furnizor: CUI ${seller}`, { x: 60, y: 730, size: 12, font });
  return Buffer.from(await pdf.save());
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** A demo company connected as a user connects it: prepare, the simulator's consent page (its certificate), the callback. */
export async function connectThroughSimulator(app: FastifyInstance, userId: number, entityId: number, cui: string) {
  const redirectUri = `http://localhost${EINVOICE_CALLBACK_PATH}`;
  const url = await app.services.einvoice.prepare(userId, userId, { fiscalSubaccountNumber: entityId, identificationCode: cui, returnTo: 'billing' }, redirectUri);
  const params = Object.fromEntries(new URL(url, 'http://localhost').searchParams);
  const consent = await app.inject({
    method: 'POST',
    url: SIM_AUTHORIZE_PATH,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...params, decision: 'allow', certificate: `sim-cert-${cui}` }).toString(),
  });
  const back = new URL(String(consent.headers.location));
  const outcome = await app.services.einvoice.callback(userId, { code: back.searchParams.get('code') ?? undefined, state: back.searchParams.get('state') ?? undefined }, redirectUri);
  if (!outcome.ok) throw new Error(`the demo company ${cui} could not be connected to the e-Factura simulator: ${outcome.reason}`);
}

/**
 * The demo's e-invoicing (issue 25, with the e-Factura simulator): the demo client's company
 * connected as a user connects it (prepare, the simulator's consent page, the callback), then its
 * suppliers' invoices of the last 55 days issued through the simulator's SPV (SPV keeps about 60),
 * a few with problems and one credit note, two with their PDF; then one sync, so the list has them
 * at once, and one rejected with a comment sent to its supplier. Seeded once: a company already connected is left as it is.
 */
export async function seedDemoEInvoices(app: FastifyInstance, database: Database, now = new Date()) {
  const { db } = database;
  const [entity] = await db
    .select({ id: billingEntities.id, userId: billingEntities.userId })
    .from(billingEntities)
    .innerJoin(users, eq(users.id, billingEntities.userId))
    .where(and(eq(users.email, 'client@demo.ro'), eq(billingEntities.identificationCode, DEMO_BUYER)))
    .limit(1);
  if (!entity) return;
  if ((await db.select({ id: eInvoiceConnections.billingEntityId }).from(eInvoiceConnections).where(eq(eInvoiceConnections.billingEntityId, entity.id))).length > 0) return;

  await connectThroughSimulator(app, entity.userId, entity.id, DEMO_BUYER);

  const problems: (SupplierProblem | undefined)[] = [undefined, undefined, 'totals', undefined, 'dueBeforeIssue', undefined, 'oldVatRate', undefined, 'badSellerCui', undefined, undefined, undefined];
  for (let k = 0; k < problems.length; k++) {
    const issuedAt = new Date(now.getTime() - (55 - k * 4.5) * DAY_MS);
    const issueDate = dayOf(issuedAt);
    const seller = SUPPLIERS[k % SUPPLIERS.length]!;
    const lines = [CATALOGUE[k % CATALOGUE.length]!, CATALOGUE[(k + 2) % CATALOGUE.length]!].map((l) => ({ ...l, vatPercent: demoVat(issueDate) }));
    const problem = problems[k];
    const doc: SupplierDocument = {
      kind: 'invoice',
      sellerCui: seller,
      buyerCui: DEMO_BUYER,
      number: `${['TRR', 'AMC', 'EXC'][k % 3]}-${String(1041 + k)}`,
      issueDate,
      dueDate: problem === 'dueBeforeIssue' ? dayOf(new Date(issuedAt.getTime() - 2 * DAY_MS)) : dayOf(new Date(issuedAt.getTime() + 30 * DAY_MS)),
      lines,
      problem,
    };
    if (k % 5 === 1) doc.pdf = await supplierPdf(doc.number, seller);
    await issueSupplierDocument(db, doc, issuedAt);
    // The same number twice from one seller, days apart.
    if (k === 3) await issueSupplierDocument(db, { ...doc, lines: doc.lines.slice(0, 1) }, new Date(issuedAt.getTime() + 2 * DAY_MS));
    // A credit note for half of one invoice.
    if (k === 7) await issueSupplierDocument(db, { ...doc, kind: 'creditNote', number: `${doc.number}-STORNO`, correcting: doc.number, lines: doc.lines.slice(0, 1) }, new Date(issuedAt.getTime() + DAY_MS));
  }
  await app.services.einvoiceSync.syncCompany(entity.id, now);
  // One rejected with a comment to its supplier, sent through the simulator's SPV as a RASP message.
  const [rejected] = await db
    .select({ id: eInvoiceReceived.id })
    .from(eInvoiceReceived)
    .where(and(eq(eInvoiceReceived.billingEntityId, entity.id), eq(eInvoiceReceived.number, 'EXC-1046')))
    .limit(1);
  if (rejected) {
    const [client] = await db.select().from(users).where(eq(users.id, entity.userId));
    await app.services.receivedInvoices.changeStatus(client!, { receivedInvoiceId: rejected.id, oldStatus: 'initial', newStatus: 'rejected', comment: 'Factura emisa pe alt punct de lucru decat cel din comanda.', supplierCourierId: null });
    await app.services.receivedMessages.sendDue();
  }
}

/**
 * The demo company's received list brought up to date at once (the sync job would within 15
 * minutes): after the platform reported its invoices, they are there (issue 26). Nothing when the
 * company is not connected.
 */
export async function syncDemoCompany(app: FastifyInstance, now = new Date()) {
  const { db } = app.deps.database;
  const [entity] = await db
    .select({ id: billingEntities.id })
    .from(billingEntities)
    .innerJoin(users, eq(users.id, billingEntities.userId))
    .innerJoin(eInvoiceConnections, eq(eInvoiceConnections.billingEntityId, billingEntities.id))
    .where(and(eq(users.email, 'client@demo.ro'), eq(billingEntities.identificationCode, DEMO_BUYER)))
    .limit(1);
  if (entity) await app.services.einvoiceSync.syncCompany(entity.id, now);
}
