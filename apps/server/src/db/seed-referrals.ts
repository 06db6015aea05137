import { USER_TYPE } from '@colete/contract';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../lib/passwords.js';
import { newReferralCode } from '../lib/tokens.js';
import { lastEndedWeek, weekBounds, weekStartOf, type ReferralsService } from '../modules/referrals/index.js';
import { newUniqueId } from '../modules/shipments/index.js';
import type { Database } from './client.js';
import { appMeta } from './schema/meta.js';
import { referrals } from './schema/referrals.js';
import { shipments, type ShipmentAddress } from './schema/shipments.js';
import { users } from './schema/users.js';

const SEED_KEY = 'demo_referrals';
const DAY = 86_400_000;

/** The clients the demo client invited (issue 27): activated some weeks ago, each with delivered shipments (0 days ago: this week, still to be credited). */
export const DEMO_INVITED = [
  { email: 'invitat1@demo.ro', name: 'Ioana Marinescu', phone: '+40744510203', accountType: 'individual', daysAgo: 38, shipments: [[34, 2_499], [27, 3_150], [20, 1_875], [13, 4_210], [2, 2_730]] },
  { email: 'invitat2@demo.ro', name: 'Atelier Verde SRL', phone: '+40755620304', accountType: 'company', daysAgo: 16, shipments: [[15, 5_890], [11, 3_420], [9, 7_105], [0, 2_260]] },
] as const;

const place = (name: string, city: string, county: string, countyCode: string, postalCode: string): ShipmentAddress => ({
  contactName: name, contactCompany: null, contactPhone: '+40722000111', contactPhone2: null, contactEmail: null,
  addressCountryCode: 'RO', addressCountyCode: countyCode, addressCounty: county, addressCity: city, addressPostalCode: postalCode,
  addressStreet: 'Strada Principala', addressNumber: '10', addressBlock: null, addressEntrance: null, addressIntercom: null,
  addressFloor: null, addressApartment: null, addressAdditionalInfo: null, addressId: null,
});

/** An instant of the current Bucharest week, an hour ago when the week is older than that. */
const thisWeek = (now: Date) => new Date(Math.min(now.getTime(), Math.max(weekBounds(weekStartOf(now)).from.getTime() + 60_000, now.getTime() - 3_600_000)));

/**
 * The demo client's referrals, once: two invited clients with shipments delivered over the last
 * weeks, and each ended week's bonus paid by the weekly job's own work, dated Monday 03:00 after the
 * week (Sold > Bonus and the referrals page show it); this week's deliveries are still to come.
 */
export async function seedDemoReferrals(database: Database, referralsService: ReferralsService, now = new Date()) {
  const { db } = database;
  const taken = await db.insert(appMeta).values({ key: SEED_KEY, value: now.toISOString() }).onConflictDoNothing().returning();
  if (taken.length === 0) return;
  const [referrer] = await db.select().from(users).where(eq(users.email, 'client@demo.ro')).limit(1);
  if (!referrer) return;
  const passwordHash = await hashPassword('Client123!');
  let first = now;
  for (const [i, c] of DEMO_INVITED.entries()) {
    const activatedAt = new Date(now.getTime() - c.daysAgo * DAY);
    const [client] = await db
      .insert(users)
      .values({ email: c.email, passwordHash, name: c.name, phone: c.phone, userType: USER_TYPE.client, accountType: c.accountType, referralCode: newReferralCode(), createdAt: activatedAt })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!client) continue;
    await db.insert(referrals).values({ referredId: client.id, referrerId: referrer.id, activatedAt, createdAt: activatedAt });
    for (const [j, [daysAgo, lei]] of c.shipments.entries()) {
      const at = daysAgo === 0 ? thisWeek(now) : new Date(now.getTime() - daysAgo * DAY);
      if (at < first) first = at;
      const priceBani = lei * 10 + (j % 3) * 7;
      await db.insert(shipments).values({
        uniqueId: newUniqueId(),
        userId: client.id,
        status: 'delivered',
        statusAt: at,
        sender: place(c.name, 'Cluj-Napoca', 'Cluj', 'CJ', '400114'),
        recipient: place(`Destinatar ${j + 1}`, 'Brasov', 'Brasov', 'BV', '500001'),
        packages: [{ type: 'parcel', weightGrams: 2_000, lengthCm: 30, widthCm: 20, heightCm: 15 }],
        content: 'Produse handmade',
        options: { codBani: null, insuranceBani: null, openAtDelivery: false, saturdayDelivery: false },
        courierId: 'rapidcarpati',
        serviceName: 'Standard',
        awb: `RCREF${i + 1}${String(j + 1).padStart(2, '0')}${String(now.getTime()).slice(-6)}`,
        priceBani,
        priceNoVatBani: Math.round(priceBani / 1.21),
        paymentType: 'prepaid',
        activatedAt: new Date(at.getTime() - 2 * DAY),
        createdAt: new Date(at.getTime() - 2 * DAY),
      });
    }
  }
  // Every week that has ended since the first delivery, paid as the Monday run would have paid it.
  const last = lastEndedWeek(now);
  for (let week = weekStartOf(first); week <= last; week = weekStartOf(new Date(weekBounds(week).to.getTime() + DAY))) {
    await referralsService.creditWeek(week, new Date(Math.min(now.getTime(), weekBounds(week).to.getTime() + 3 * 3_600_000)));
  }
}
