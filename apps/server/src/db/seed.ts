import { USER_TYPE } from '@colete/contract';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { addresses } from './schema/addresses.js';
import { billingEntities } from './schema/billing.js';
import { appMeta } from './schema/meta.js';
import { pickupPoints } from './schema/pickup-points.js';
import { cardPayments, cardSubscriptions } from './schema/prepay.js';
import { users } from './schema/users.js';
import { searchTextOf } from '../modules/addresses/index.js';
import { creditCardTopUp } from '../modules/prepay/index.js';
import { seedDemoMail } from '../modules/mail/index.js';
import { invoiceFileName } from '../modules/invoicing/index.js';
import { connectDemoShop } from '../modules/store/index.js';
import type { Services } from '../services.js';
import type { Database } from './client.js';
import { hashPassword } from '../lib/passwords.js';
import { newReferralCode } from '../lib/tokens.js';

/** The demo accounts written in the README. */
export const DEMO_ACCOUNTS = [
  { email: 'client@demo.ro', password: 'Client123!', name: 'Demo Logistic SRL', phone: '+40722123456', userType: USER_TYPE.client, accountType: 'company' },
  { email: 'client2@demo.ro', password: 'Client123!', name: 'Ana Popescu', phone: '+40733987654', userType: USER_TYPE.client, accountType: 'individual' },
  { email: 'admin@demo.ro', password: 'Admin123!', name: 'Administrator Colete Online', phone: '+40211234567', userType: USER_TYPE.admin, accountType: 'company' },
] as const;

const DEMO_SEED_KEY = 'demo_seed';

/** Real places from data/ro: a Cluj-Napoca street, a Bucharest sector, a village with its commune; one locked (type 10). */
const DEMO_ADDRESSES = [
  { shortName: 'Depozit Cluj', contactCompany: 'Demo Logistic SRL', contactName: 'Mihai Pop', contactPhone: '+40722123456', addressCountyCode: 'CJ', addressCounty: 'Cluj', addressCity: 'Cluj-Napoca', addressPostalCode: '400114', addressStreet: 'Strada Memorandumului', addressNumber: '28', type: 10 },
  { shortName: 'Birou Bucuresti', contactCompany: 'Demo Logistic SRL', contactName: 'Elena Ionescu', contactPhone: '+40733111222', addressCountyCode: 'B', addressCounty: 'București', addressCity: 'Sectorul 1', addressPostalCode: '010093', addressStreet: 'Calea Victoriei', addressNumber: '120', addressBlock: 'A', addressFloor: '2', addressApartment: '14' },
  { shortName: 'Magazin Timisoara', contactCompany: 'Demo Logistic SRL', contactName: 'Andrei Szabo', contactPhone: '+40744333444', addressCountyCode: 'TM', addressCounty: 'Timiș', addressCity: 'Timișoara', addressPostalCode: '300024', addressStreet: 'Bulevardul Revoluției 1989', addressNumber: '4' },
  { shortName: 'Atelier Lazaresti', contactCompany: null, contactName: 'Ion Dumitru', contactPhone: '+40755666777', addressCountyCode: 'AG', addressCounty: 'Argeș', addressCity: 'Lăzărești', addressPostalCode: '117653', addressStreet: 'Strada Principala', addressNumber: '7' },
] as const;

/**
 * Billing data of client@demo.ro: the company (a CUI of the company-check simulator's register),
 * active and verified, and an individual; both at real nomenclature addresses.
 */
const DEMO_BILLING = [
  { name: 'Demo Logistic SRL', isCompany: true, isVatPayer: true, identificationCode: '14399840', tradeRegister: 'J12/1234/2010', fiscalIdentificationType: 1, countyCode: 'CJ', county: 'Cluj', city: 'Cluj-Napoca', postalCode: '400114', street: 'Strada Memorandumului', number: '28', isActive: true },
  { name: 'Mihai Pop', isCompany: false, isVatPayer: false, identificationCode: '1800101123450', tradeRegister: null, fiscalIdentificationType: 6, countyCode: 'B', county: 'București', city: 'Sectorul 1', postalCode: '010093', street: 'Calea Victoriei', number: '120', isActive: false },
] as const;

/**
 * Fills a new database with the demo data, once: the marker row is taken in the same
 * transaction, so a second start (or a second instance) keeps whatever was saved since. With the
 * services, the demo top-ups get their advance invoices (without their mails).
 */
export async function seedDemo(database: Database, services?: Pick<Services, 'invoicing'>, opts: { storeSimulatorKey?: Buffer } = {}): Promise<boolean> {
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  return database.db.transaction(async (tx) => {
    const taken = await tx
      .insert(appMeta)
      .values({ key: DEMO_SEED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    if (taken.length === 0) return false;
    const created = await tx
      .insert(users)
      .values(
        DEMO_ACCOUNTS.map((a, i) => ({
          email: a.email,
          passwordHash: hashes[i]!,
          name: a.name,
          phone: a.phone,
          userType: a.userType,
          accountType: a.accountType,
          referralCode: newReferralCode(),
        })),
      )
      .onConflictDoNothing({ target: users.email })
      .returning();
    const client = created.find((u) => u.email === 'client@demo.ro');
    if (client) {
      const savedAddresses = await tx
        .insert(addresses)
        .values(
          DEMO_ADDRESSES.map((a) => {
            const values = { contactPhone2: null, contactEmail: null, addressBlock: null, addressFloor: null, addressApartment: null, ...a, addressCountryCode: 'RO' };
            return { ...values, userId: client.id, type: 'type' in a ? a.type : 1, searchText: searchTextOf(values) };
          }),
        )
        .returning();
      // The locked warehouse address is an approved pick-up point of Rapid Carpati (its discount applies to offers from there).
      const warehouse = savedAddresses.find((a) => a.type === 10);
      if (warehouse) {
        const approvedAt = new Date(Date.now() - 120 * 86_400_000);
        await tx.insert(pickupPoints).values({
          userId: client.id,
          addressId: warehouse.id,
          courierId: 'rapidcarpati',
          enabled: true,
          printerAvailable: true,
          estimatedOrdersCount: 40,
          discountPercent: 10,
          approvedAt,
          lastUsedAt: new Date(),
          createdAt: approvedAt,
        });
      }
      const entities = await tx.insert(billingEntities).values(
        DEMO_BILLING.map((e, i) => ({
          ...e,
          userId: client.id,
          countryCode: 'RO',
          verifyStatus: 'verified' as const,
          verifiedAt: new Date(),
          // The company is the older entry, as if added first.
          createdAt: new Date(Date.now() - (DEMO_BILLING.length - i) * 86_400_000),
        })),
      ).returning();
      // With the store simulator: the demo client's shop is connected (its orders come from the simulator's demo shop).
      if (opts.storeSimulatorKey) await connectDemoShop(tx, client.id, opts.storeSimulatorKey);
      await tx.update(users).set({ contactGivenName: 'Mihai', contactFamilyName: 'Pop', contactPhone: '+40722123456' }).where(eq(users.id, client.id));
      // A few months of card top-ups, each a completed payment of the card simulator and its movement.
      const DAY = 86_400_000;
      const topUps = [
        { daysAgo: 84, bani: 50_000, brand: 'Visa', last: '4242', bank: 'Banca Transilvania' },
        { daysAgo: 52, bani: 20_000, brand: 'Mastercard', last: '4444', bank: 'Banca Comerciala Romana' },
        { daysAgo: 23, bani: 100_000, brand: 'Visa', last: '4242', bank: 'Banca Transilvania' },
        { daysAgo: 6, bani: 20_000, brand: 'Visa', last: '4242', bank: 'Banca Transilvania' },
      ];
      // The first top-up started an automatic top-up with the same card: 500 lei below 200 lei.
      await tx.insert(cardSubscriptions).values({
        identifier: randomUUID(),
        userId: client.id,
        status: 2,
        paymentAmountBani: 50_000,
        triggerAmountBani: 20_000,
        cardBrand: 'Visa',
        lastDigits: '4242',
        expiryDate: '12/30',
        cardToken: 'sim_ok_4242',
        activatedAt: new Date(Date.now() - 84 * DAY),
        createdAt: new Date(Date.now() - 84 * DAY),
        billingEntityId: entities.find((e) => e.isActive)?.id ?? null,
      });
      // Each top-up got its advance invoice (the default invoicing setting); their mails are the outbox's history.
      let lastInvoice: { id: number; fileName: string } | null = null;
      for (const t of topUps) {
        const at = new Date(Date.now() - t.daysAgo * DAY);
        const identifier = randomUUID();
        await tx.insert(cardPayments).values({
          identifier,
          userId: client.id,
          amountBani: t.bani,
          status: 'succeeded',
          cardBrand: t.brand,
          lastDigits: t.last,
          cardBank: t.bank,
          expiryDate: '12/30',
          createdAt: at,
          completedAt: at,
        });
        const credited = await creditCardTopUp(
          tx,
          { userId: client.id, amountBani: t.bani, paymentIdentifier: identifier, cardBrand: t.brand, lastDigits: t.last, at, mail: false },
          services?.invoicing,
        );
        if (credited.invoice) lastInvoice = { id: credited.invoice.id, fileName: invoiceFileName(credited.invoice) };
      }
      // A few notifications in the outbox ('Emailuri trimise').
      await seedDemoMail(tx, client, lastInvoice);
    }
    return true;
  });
}
