import { randomUUID } from 'node:crypto';
import { messages, type TLedgerEntry, type TPayment } from '@colete/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { cardPayments, cardSubscriptions, ledgerEntries } from '../../db/schema.js';
import type { PaymentGateway, PaymentOutcome } from '../../integrations/payments/payment-gateway.js';
import { notFound } from '../../lib/errors.js';
import { baniToRon } from '../../lib/money.js';
import { balanceBani, creditCardTopUp, findPayment, recentMovements } from './prepay-queries.js';

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

const toMovement = (row: typeof ledgerEntries.$inferSelect): TLedgerEntry => ({
  id: row.id,
  kind: row.kind,
  amount: baniToRon(row.amountBani),
  description: row.description,
  createdAt: row.createdAt.toISOString(),
});

export function prepayService(deps: { database: Database; gateway: PaymentGateway | null }) {
  const { db } = deps.database;

  return {
    cardPaymentsEnabled: () => deps.gateway !== null,
    balanceBani: (userId: number) => balanceBani(db, userId),

    async balance(userId: number) {
      const [total, movements] = await Promise.all([balanceBani(db, userId), recentMovements(db, userId, 20)]);
      return { balance: baniToRon(total), movements: movements.map(toMovement) };
    },

    /** A pending payment (with the subscription it starts, if asked) and the hosted page where the browser pays it. */
    async startTopUp(userId: number, amountBani: number, subscription?: { paymentAmountBani: number; triggerAmountBani: number }) {
      if (!deps.gateway) throw notFound(messages.prepay.unavailable);
      const identifier = randomUUID();
      const subscriptionIdentifier = subscription ? randomUUID() : null;
      await db.transaction(async (tx) => {
        if (subscription && subscriptionIdentifier) {
          await tx.insert(cardSubscriptions).values({ identifier: subscriptionIdentifier, userId, status: 1, ...subscription });
        }
        await tx.insert(cardPayments).values({ identifier, userId, amountBani, subscriptionIdentifier });
      });
      return { identifier, url: deps.gateway.hostedPageUrl(identifier) };
    },

    async payment(userId: number, identifier: string) {
      const row = await findPayment(db, identifier, userId);
      if (!row) throw notFound(messages.prepay.paymentNotFound);
      return { payment: toPayment(row), balance: baniToRon(await balanceBani(db, userId)) };
    },

    /** Only a pending payment can be completed, and a success credits the balance once. */
    async completePayment(identifier: string, outcome: PaymentOutcome) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(cardPayments)
          .set({
            status: outcome.status,
            failureReason: outcome.status === 'declined' ? outcome.reason : null,
            cardBrand: outcome.cardBrand ?? null,
            lastDigits: outcome.lastDigits ?? null,
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
          });
        }
        return row ?? null;
      });
    },

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
