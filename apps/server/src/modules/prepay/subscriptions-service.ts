import { randomUUID } from 'node:crypto';
import { messages, type TSubscription, type TSubscriptionAmounts } from '@colete/contract';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { cardPayments, cardSubscriptions } from '../../db/schema/prepay.js';
import type { PaymentGateway, PaymentOutcome } from '../../integrations/payments/payment-gateway.js';
import { conflict, notFound } from '../../lib/errors.js';
import { entitiesByIds, lockUser } from '../billing/index.js';
import { balanceOf } from '../ledger/index.js';
import { creditCardTopUp, type TopUpInvoicing } from './top-ups.js';
import { baniToRon, leiToBani } from '../../lib/money.js';
import type { UserRow } from '../../types.js';

type Row = typeof cardSubscriptions.$inferSelect;

const BRAND_COLOURS: Record<string, string> = { Visa: '#1a1f71', Mastercard: '#eb001b' };
/** A small card picture for the list (the spec's imageString): brand colour and name. */
function cardImage(brand: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="32"><rect width="48" height="32" rx="5" fill="${BRAND_COLOURS[brand] ?? '#374151'}"/><text x="24" y="20" font-family="Arial" font-size="10" font-weight="700" fill="#fff" text-anchor="middle">${brand.slice(0, 10)}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The billing entry a subscription's top-ups are invoiced to, if it still exists. */
async function subscriptionEntity(db: Executor, identifier: string | null) {
  if (!identifier) return null;
  const [row] = await db.select({ id: cardSubscriptions.billingEntityId }).from(cardSubscriptions).where(eq(cardSubscriptions.identifier, identifier)).limit(1);
  return row?.id ?? null;
}

export function toSubscription(row: Row, owner: UserRow, entityName?: string | null): TSubscription {
  return {
    identifier: row.identifier,
    status: row.status,
    paymentAmount: baniToRon(row.paymentAmountBani),
    triggerAmount: baniToRon(row.triggerAmountBani),
    activatedDatetime: row.activatedAt?.toISOString() ?? null,
    // The account, and the billing entry its top-ups are invoiced to (the account's name when it has none).
    userFinancialSubaccount: { name: owner.name, entityName: entityName ?? owner.name },
    cardData:
      row.cardBrand && row.lastDigits
        ? { cardBrand: row.cardBrand, lastDigits: row.lastDigits, expiryDate: row.expiryDate ?? '', imageString: cardImage(row.cardBrand) }
        : null,
  };
}

/**
 * Settling the account stops its automatic top-ups (invoicing's settle calls this in its
 * transaction, through the composition root): every active subscription becomes inactive, so the
 * balance just returned is not charged back from the card. Re-enabling one on the prepay page is
 * the client's new consent. Answers how many were stopped.
 */
export async function stopSubscriptions(tx: Executor, userId: number): Promise<number> {
  const stopped = await tx
    .update(cardSubscriptions)
    .set({ status: 0, updatedAt: new Date() })
    .where(and(eq(cardSubscriptions.userId, userId), eq(cardSubscriptions.status, 2)))
    .returning({ identifier: cardSubscriptions.identifier });
  return stopped.length;
}

/**
 * An automatic top-up charge of the client is under way: its payment is written (pending) under the
 * client's lock before the card is charged, and stays pending until the outcome is recorded. A
 * subscription's first payment (its subscription still pending) is the client's own checkout, not
 * an automatic charge. Settling refuses while this is true (invoicing receives it as a port).
 */
export async function automaticChargeInProgress(tx: Executor, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ identifier: cardPayments.identifier })
    .from(cardPayments)
    .innerJoin(cardSubscriptions, eq(cardSubscriptions.identifier, cardPayments.subscriptionIdentifier))
    .where(and(eq(cardPayments.userId, userId), eq(cardPayments.status, 'pending'), ne(cardSubscriptions.status, 1)))
    .limit(1);
  return !!row;
}

const amounts = (a: TSubscriptionAmounts) => ({ paymentAmountBani: leiToBani(a.recurringAmount), triggerAmountBani: leiToBani(a.recurringMinBalance) });
const balance = balanceOf(cardSubscriptions.userId);

export function subscriptionsService(deps: { database: Database; gateway: PaymentGateway | null; invoicing?: TopUpInvoicing }) {
  const { db } = deps.database;

  async function owned(userId: number, identifier: string) {
    const [row] = await db
      .select()
      .from(cardSubscriptions)
      .where(and(eq(cardSubscriptions.identifier, identifier), eq(cardSubscriptions.userId, userId)))
      .limit(1);
    if (!row) throw notFound(messages.prepay.subscriptionNotFound);
    return row;
  }

  /**
   * An automatic charge's outcome: only a pending payment moves, and a success credits the
   * balance once, whether the answer came from the charge call or later from the processor.
   */
  async function settleCharge(identifier: string, outcome: PaymentOutcome) {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(cardPayments)
        .set({
          status: outcome.status,
          failureReason: outcome.status === 'declined' ? outcome.reason : null,
          ...(outcome.cardBrand ? { cardBrand: outcome.cardBrand } : {}),
          ...(outcome.lastDigits ? { lastDigits: outcome.lastDigits } : {}),
          ...(outcome.status === 'succeeded' && outcome.cardBank ? { cardBank: outcome.cardBank } : {}),
          completedAt: new Date(),
        })
        .where(and(eq(cardPayments.identifier, identifier), eq(cardPayments.status, 'pending')))
        .returning();
      if (row && outcome.status === 'succeeded') {
        await creditCardTopUp(tx, {
          userId: row.userId,
          amountBani: row.amountBani,
          paymentIdentifier: identifier,
          cardBrand: row.cardBrand,
          lastDigits: row.lastDigits,
          automatic: true,
          billingEntityId: await subscriptionEntity(tx, row.subscriptionIdentifier),
        }, deps.invoicing);
      }
      return row ?? null;
    });
  }

  return {
    settleCharge,

    async list(owner: UserRow) {
      const rows = await db.select().from(cardSubscriptions).where(eq(cardSubscriptions.userId, owner.id)).orderBy(desc(cardSubscriptions.createdAt));
      const entities = await entitiesByIds(db, rows.map((r) => r.billingEntityId));
      return rows.map((r) => toSubscription(r, owner, r.billingEntityId === null ? null : entities.get(r.billingEntityId)?.name));
    },

    async edit(owner: UserRow, identifier: string, input: TSubscriptionAmounts) {
      const row = await owned(owner.id, identifier);
      if (row.status !== 2) throw conflict(messages.prepay.subscriptionNotActive, 'subscriptionNotActive');
      const [updated] = await db
        .update(cardSubscriptions)
        .set({ ...amounts(input), armed: true, updatedAt: new Date() })
        .where(eq(cardSubscriptions.identifier, identifier))
        .returning();
      return toSubscription(updated!, owner);
    },

    async deactivate(owner: UserRow, identifier: string) {
      await owned(owner.id, identifier);
      const [updated] = await db.update(cardSubscriptions).set({ status: 0, updatedAt: new Date() }).where(eq(cardSubscriptions.identifier, identifier)).returning();
      return toSubscription(updated!, owner);
    },

    /** Undoing a deactivation (from the prepay page): the saved card is used again. */
    async reEnable(owner: UserRow, identifier: string, input: TSubscriptionAmounts) {
      const row = await owned(owner.id, identifier);
      if (row.status !== 0 || !row.cardToken) throw conflict(messages.prepay.subscriptionNotInactive, 'subscriptionNotInactive');
      const [updated] = await db
        .update(cardSubscriptions)
        .set({ ...amounts(input), status: 2, armed: true, activatedAt: new Date(), updatedAt: new Date() })
        .where(eq(cardSubscriptions.identifier, identifier))
        .returning();
      return toSubscription(updated!, owner);
    },

    /**
     * The automatic top-up: subscriptions whose client's balance is back at or above the trigger
     * are re-armed; armed ones below it are claimed (armed = false, one atomic UPDATE, so two
     * workers never both take it) and their saved card charged once for this fall.
     */
    async autoTopUp() {
      if (!deps.gateway) return { charged: 0, declined: 0, unsettled: 0 };
      await db
        .update(cardSubscriptions)
        .set({ armed: true })
        .where(and(eq(cardSubscriptions.status, 2), eq(cardSubscriptions.armed, false), sql`${balance} >= ${cardSubscriptions.triggerAmountBani}`));
      const claimed = await db
        .update(cardSubscriptions)
        .set({ armed: false, updatedAt: new Date() })
        .where(and(eq(cardSubscriptions.status, 2), eq(cardSubscriptions.armed, true), sql`${balance} < ${cardSubscriptions.triggerAmountBani}`))
        .returning();
      let charged = 0;
      let declined = 0;
      let unsettled = 0;
      for (const sub of claimed) {
        // The payment exists (pending) before the charge: its identifier is the processor's
        // idempotency key, and a lost answer leaves it pending for the processor's notification.
        // It is written only while the subscription is still active, under the client's lock (the
        // one settling takes first): a settlement that stopped it after the claim leaves nothing to charge.
        const identifier = randomUUID();
        const started = await db.transaction(async (tx) => {
          await lockUser(tx, sub.userId);
          const [still] = await tx
            .select({ identifier: cardSubscriptions.identifier })
            .from(cardSubscriptions)
            .where(and(eq(cardSubscriptions.identifier, sub.identifier), eq(cardSubscriptions.status, 2)));
          if (!still) return false;
          await tx.insert(cardPayments).values({
            identifier,
            userId: sub.userId,
            amountBani: sub.paymentAmountBani,
            cardBrand: sub.cardBrand,
            lastDigits: sub.lastDigits,
            subscriptionIdentifier: sub.identifier,
          });
          return true;
        });
        if (!started) continue;
        let outcome: PaymentOutcome;
        try {
          outcome = await deps.gateway.chargeSavedCard({
            identifier,
            cardToken: sub.cardToken ?? '',
            amountBani: sub.paymentAmountBani,
            description: 'Reincarcare automata cont Colete Online',
          });
        } catch {
          unsettled += 1;
          continue;
        }
        await settleCharge(identifier, outcome);
        if (outcome.status === 'succeeded') charged += 1;
        else declined += 1;
      }
      return { charged, declined, unsettled };
    },
  };
}

export type SubscriptionsService = ReturnType<typeof subscriptionsService>;
