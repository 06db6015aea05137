import { randomUUID } from 'node:crypto';
import { ZShipmentCreateRequest, ZShipmentDraft, type TShipmentDraft } from '@colete/contract';
import { eq } from 'drizzle-orm';
import { shipments, users } from '../../src/db/schema.js';
import { simulatedCourierNetwork } from '../../src/integrations/couriers/simulator.js';
import { invoicingDepsOf, shipmentBilling } from '../../src/modules/invoicing/index.js';
import { creditTopUp } from '../../src/modules/ledger/index.js';
import { shipmentsService, type ShipmentsDeps } from '../../src/modules/shipments/index.js';
import type { UserRow } from '../../src/types.js';
import { createUser, type TestContext } from '../helper.js';
import { NO_OPTIONS, RECIPIENT, SENDER } from './parties.js';

/** The repayments tests' shipments: activated through the shipments service, with or without cash on delivery. */
export const codDraft = (lei: number | null): TShipmentDraft => ({
  sender: SENDER,
  recipient: RECIPIENT,
  packages: [{ type: 'parcel', weight: 2, length: 30, width: 20, height: 15 }],
  content: 'Carti',
  clientReference: 'CMD-RAMBURS',
  options: { ...NO_OPTIONS, cod: lei === null ? { active: false, amount: 0 } : { active: true, amount: lei } },
});

export function shipmentsFor(ctx: TestContext) {
  const service = (over: Partial<ShipmentsDeps> = {}) =>
    shipmentsService({ database: ctx.database, network: simulatedCourierNetwork(ctx.database), billing: shipmentBilling(invoicingDepsOf(ctx.config)), ...over });
  return {
    service,
    /** Ten days on: the simulated courier's journey is over. */
    later: () => service({ now: () => new Date(Date.now() + 10 * 86_400_000) }),
    async client(): Promise<UserRow> {
      const u = await createUser(ctx);
      await creditTopUp(ctx.database.db, { userId: u.id, amountBani: 10_000_000, reference: randomUUID(), description: 'Reincarcare test' });
      const [row] = await ctx.database.db.select().from(users).where(eq(users.id, u.id));
      return row as UserRow;
    },
    async activated(c: UserRow, lei: number | null, courierId = 'rapidcarpati') {
      const svc = service();
      const d = codDraft(lei);
      const offers = await svc.offers(c, ZShipmentDraft.parse(d));
      const offer = offers.find((o) => o.courierId === courierId && o.type === 'standard' && o.errors.length === 0);
      if (!offer) throw new Error(`no standard offer of ${courierId}`);
      const request = ZShipmentCreateRequest.parse({ ...d, serviceId: offer.serviceId, requestKey: randomUUID().replace(/-/g, ''), activate: true });
      const { uniqueId } = (await svc.create(c, request)).row;
      const [row] = await ctx.database.db.select().from(shipments).where(eq(shipments.uniqueId, uniqueId));
      return row!;
    },
  };
}

/** A multipart body with one file in the field 'file'. */
export function multipartFile(fileName: string, content: Buffer | string) {
  const boundary = `----repayments${randomUUID().replace(/-/g, '')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
