import { randomUUID } from 'node:crypto';
import { messages, type TLedgerEntry, type TPayment } from '@colete/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { cardPayments, cardSubscriptions } from '../../db/schema/prepay.js';
import type { PaymentGateway, PaymentOutcome } from '../../integrations/payments/payment-gateway.js';
import { AppError, notFound } from '../../lib/errors.js';
import { baniToRon } from '../../lib/money.js';
import { activeEntity, invoiceFullNumber, invoiceNumbersByIds } from '../invoicing/index.js';
import { balanceBani, recentMovements } from '../ledger/index.js';
import { findPayment } from './prepay-queries.js';
import { creditCardTopUp, type TopUpInvoicing } from './top-ups.js';

type PaymentRow = typeof cardPayments.$inferSelect;

export const toPayment = (row: PaymentRow): TPayment => ({
  identifier: row.identifier,
  amount: baniToRon(row.amountBani),
  status: row.status,
  failureReason: row.failureReason,
  cardBrand: row.cardBrand,
  lastDigits: row.lastDigits,
  createdAt: row.createdAt.toISOString(),
});

type Movement = Awaited<ReturnType<typeof recentMovements>>[number];
type InvoiceNumbers = Awaited<ReturnType<typeof invoiceNumbersByIds>>;

/** A movement with the series and number of the invoice that covers it (read for the page at once). */
const toMovement = (row: Movement, numbers: InvoiceNumbers): TLedgerEntry => {
  const invoice = row.invoiceId ? numbers.get(row.invoiceId) : undefined;
  return {
    id: row.id,
    kind: row.kind,
    amount: baniToRon(row.amountBani),
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    invoice: row.invoiceId && invoice ? { fullNumber: invoiceFullNumber(invoice), pdfUrl: `/api/user/invoices/${row.invoiceId}/pdf` } : null,
  };
};

/** Where the processor sends the browser back (the web app's routes). */
export const afterPaymentPath = (identifier: string) => `/profile/after-payment/${identifier}`;
const PREPAY_PATH = '/profile/prepay';

export function prepayService(deps: {
  database: Database;
  gateway: PaymentGateway | null;
  log?: { error: (obj: object, msg: string) => void };
  /** Issues the advance invoice of a top-up the client wants invoiced (invoiceEveryPrepay). */
  invoicing?: TopUpInvoicing;
}) {
  const { db } = deps.database;

  /** Only a pending payment can be completed, and a success credits the balance once. */
  async function completePayment(identifier: string, outcome: PaymentOutcome) {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(cardPayments)
        .set({
          status: outcome.status,
          failureReason: outcome.status === 'declined' ? outcome.reason : null,
          cardBrand: outcome.cardBrand ?? null,
          lastDigits: outcome.lastDigits ?? null,
          cardBank: outcome.status === 'succeeded' ? (outcome.cardBank ?? null) : null,
          expiryDate: outcome.status === 'succeeded' ? outcome.expiryDate : null,
          cardToken: null,
          awaiting3ds: false,
          completedAt: new Date(),
        })
        .where(and(eq(cardPayments.identifier, identifier), eq(cardPayments.status, 'pending')))
        .returning();
      if (row?.subscriptionIdentifier) {
        // The first payment decides the subscription: active with the saved card, or inactive.
        const ok = outcome.status === 'succeeded' && !!outcome.cardToken;
        await tx
          .update(cardSubscriptions)
          .set(
            ok
              ? { status: 2, cardBrand: outcome.cardBrand, lastDigits: outcome.lastDigits, expiryDate: outcome.expiryDate, cardToken: outcome.cardToken, activatedAt: new Date(), armed: true, updatedAt: new Date() }
              : { status: 0, updatedAt: new Date() },
          )
          .where(and(eq(cardSubscriptions.identifier, row.subscriptionIdentifier), eq(cardSubscriptions.status, 1)));
      }
      if (row && outcome.status === 'succeeded') {
        await creditCardTopUp(tx, {
          userId: row.userId,
          amountBani: row.amountBani,
          paymentIdentifier: row.identifier,
          cardBrand: outcome.cardBrand,
          lastDigits: outcome.lastDigits,
        }, deps.invoicing);
      }
      return row ?? null;
    });
  }

  return {
    cardPaymentsEnabled: () => deps.gateway !== null,
    balanceBani: (userId: number) => balanceBani(db, userId),

    async balance(userId: number) {
      const [total, movements] = await Promise.all([balanceBani(db, userId), recentMovements(db, userId, 20)]);
      const numbers = await invoiceNumbersByIds(
        db,
        userId,
        movements.flatMap((m) => (m.invoiceId ? [m.invoiceId] : [])),
      );
      return { balance: baniToRon(total), movements: movements.map((m) => toMovement(m, numbers)) };
    },

    /**
     * A pending payment (with the subscription it starts, if asked), opened at the processor: its
     * hosted page is where the browser pays. If the processor cannot open it, nobody can pay it:
     * it is closed as declined (its subscription inactive) and the client told to try later.
     */
    async startTopUp(userId: number, amountBani: number, subscription?: { paymentAmountBani: number; triggerAmountBani: number }) {
      if (!deps.gateway) throw notFound(messages.prepay.unavailable);
      const identifier = randomUUID();
      const subscriptionIdentifier = subscription ? randomUUID() : null;
      await db.transaction(async (tx) => {
        if (subscription && subscriptionIdentifier) {
          // Its top-ups are invoiced to the billing data active now (the subscription's financial subaccount).
          const entity = await activeEntity(tx, userId);
          await tx.insert(cardSubscriptions).values({ identifier: subscriptionIdentifier, userId, status: 1, billingEntityId: entity?.id ?? null, ...subscription });
        }
        await tx.insert(cardPayments).values({ identifier, userId, amountBani, subscriptionIdentifier });
      });
      try {
        const { url } = await deps.gateway.startPayment({
          identifier,
          amountBani,
          description: 'Reincarcare cont Colete Online',
          saveCard: !!subscription,
          returnUrl: afterPaymentPath(identifier),
          cancelUrl: PREPAY_PATH,
        });
        return { identifier, url };
      } catch (err) {
        deps.log?.error({ err, payment: identifier, processor: deps.gateway.name }, 'the card processor did not open the payment');
        await completePayment(identifier, { status: 'declined', reason: messages.prepay.unavailable });
        throw new AppError(503, messages.prepay.unavailable, 'processorUnavailable');
      }
    },

    async payment(userId: number, identifier: string) {
      const row = await findPayment(db, identifier, userId);
      if (!row) throw notFound(messages.prepay.paymentNotFound);
      return { payment: toPayment(row), balance: baniToRon(await balanceBani(db, userId)) };
    },

    completePayment,

    /** The bank asked for 3-D Secure: the card is known, the payment stays pending. */
    async await3ds(identifier: string, card: { cardBrand: string; lastDigits: string; expiryDate: string; cardToken: string }) {
      await db
        .update(cardPayments)
        .set({ ...card, awaiting3ds: true })
        .where(and(eq(cardPayments.identifier, identifier), eq(cardPayments.status, 'pending')));
    },

    findPendingPayment: async (identifier: string) => {
      const row = await findPayment(db, identifier);
      return row && row.status === 'pending' ? row : null;
    },
  };
}

export type PrepayService = ReturnType<typeof prepayService>;
