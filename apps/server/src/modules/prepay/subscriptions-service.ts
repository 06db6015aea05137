import { randomUUID } from 'node:crypto';
import { messages, type TSubscription, type TSubscriptionAmounts } from '@colete/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { cardPayments, cardSubscriptions, ledgerEntries } from '../../db/schema.js';
import type { PaymentGateway } from '../../integrations/payments/payment-gateway.js';
import { conflict, notFound } from '../../lib/errors.js';
import { creditCardTopUp } from './prepay-queries.js';
import { baniToRon, leiToBani } from '../../lib/money.js';
import type { UserRow } from '../../types.js';

type Row = typeof cardSubscriptions.$inferSelect;

const BRAND_COLOURS: Record<string, string> = { Visa: '#1a1f71', Mastercard: '#eb001b' };
/** A small card picture for the list (the spec's imageString): brand colour and name. */
function cardImage(brand: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="32"><rect width="48" height="32" rx="5" fill="${BRAND_COLOURS[brand] ?? '#374151'}"/><text x="24" y="20" font-family="Arial" font-size="10" font-weight="700" fill="#fff" text-anchor="middle">${brand.slice(0, 10)}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export function toSubscription(row: Row, owner: UserRow): TSubscription {
  return {
    identifier: row.identifier,
    status: row.status,
    paymentAmount: baniToRon(row.paymentAmountBani),
    triggerAmount: baniToRon(row.triggerAmountBani),
    activatedDatetime: row.activatedAt?.toISOString() ?? null,
    // Billing entities (several companies per account) come with billing data; until then, the account.
    userFinancialSubaccount: { name: owner.name, entityName: owner.name },
    cardData:
      row.cardBrand && row.lastDigits
        ? { cardBrand: row.cardBrand, lastDigits: row.lastDigits, expiryDate: row.expiryDate ?? '', imageString: cardImage(row.cardBrand) }
        : null,
  };
}

const amounts = (a: TSubscriptionAmounts) => ({ paymentAmountBani: leiToBani(a.recurringAmount), triggerAmountBani: leiToBani(a.recurringMinBalance) });
const balanceOf = sql`(SELECT coalesce(sum(l.amount_bani), 0) FROM ${ledgerEntries} l WHERE l.user_id = ${cardSubscriptions.userId})`;

export function subscriptionsService(deps: { database: Database; gateway: PaymentGateway | null }) {
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

  return {
    async list(owner: UserRow) {
      const rows = await db.select().from(cardSubscriptions).where(eq(cardSubscriptions.userId, owner.id)).orderBy(desc(cardSubscriptions.createdAt));
      return rows.map((r) => toSubscription(r, owner));
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
      if (!deps.gateway) return { charged: 0, declined: 0 };
      await db
        .update(cardSubscriptions)
        .set({ armed: true })
        .where(and(eq(cardSubscriptions.status, 2), eq(cardSubscriptions.armed, false), sql`${balanceOf} >= ${cardSubscriptions.triggerAmountBani}`));
      const claimed = await db
        .update(cardSubscriptions)
        .set({ armed: false, updatedAt: new Date() })
        .where(and(eq(cardSubscriptions.status, 2), eq(cardSubscriptions.armed, true), sql`${balanceOf} < ${cardSubscriptions.triggerAmountBani}`))
        .returning();
      let charged = 0;
      let declined = 0;
      for (const sub of claimed) {
        const outcome = await deps.gateway.chargeSavedCard(sub.cardToken ?? '', sub.paymentAmountBani);
        const identifier = randomUUID();
        await db.transaction(async (tx) => {
          await tx.insert(cardPayments).values({
            identifier,
            userId: sub.userId,
            amountBani: sub.paymentAmountBani,
            status: outcome.status,
            failureReason: outcome.status === 'declined' ? outcome.reason : null,
            cardBrand: outcome.cardBrand ?? sub.cardBrand,
            lastDigits: outcome.lastDigits ?? sub.lastDigits,
            subscriptionIdentifier: sub.identifier,
            completedAt: new Date(),
          });
          if (outcome.status === 'succeeded') {
            await creditCardTopUp(tx, {
              userId: sub.userId,
              amountBani: sub.paymentAmountBani,
              paymentIdentifier: identifier,
              cardBrand: sub.cardBrand,
              lastDigits: sub.lastDigits,
              automatic: true,
            });
          }
        });
        if (outcome.status === 'succeeded') charged += 1;
        else declined += 1;
      }
      return { charged, declined };
    },
  };
}

export type SubscriptionsService = ReturnType<typeof subscriptionsService>;
