import { billingEntities } from '../../src/db/schema.js';
import type { TestContext, TestUser } from '../helper.js';

/** A verified company billing entry, active, written directly (the billing API has its own tests). */
export async function activeCompany(ctx: TestContext, user: TestUser, verifyStatus: 'verified' | 'pendingVerification' = 'verified') {
  const [row] = await ctx.database.db
    .insert(billingEntities)
    .values({
      userId: user.id,
      name: `${user.name} Firma`,
      isCompany: true,
      isVatPayer: true,
      identificationCode: '14399840',
      tradeRegister: 'J12/1234/2010',
      fiscalIdentificationType: 1,
      countyCode: 'CJ',
      county: 'Cluj',
      city: 'Cluj-Napoca',
      postalCode: '400114',
      street: 'Strada Memorandumului',
      number: '28',
      isActive: true,
      verifyStatus,
    })
    .returning();
  return row!;
}
