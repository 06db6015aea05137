import { describe, expect, it } from 'vitest';
import { chooseService, usualType, type BulkFulfillmentPlan, type BulkOffer } from '../src/modules/store/index.js';

/* The service a bulk run activates a fulfillment order with (docs/decisions.md, "Bulk activation"). */

const offer = (serviceId: string, type: BulkOffer['type'], priceBani: number, extra: Partial<BulkOffer> = {}): BulkOffer => ({ serviceId, type, priceBani, valid: true, pointIds: type === 'locker' ? ['p1', 'p2'] : [], ...extra });
const OFFERS = [offer('a:std', 'standard', 2000), offer('b:std', 'standard', 1800), offer('b:exp', 'express', 3000), offer('c:lock', 'locker', 1200), offer('d:std', 'standard', 1500, { valid: false })];
const plan = (extra: Partial<BulkFulfillmentPlan> = {}): BulkFulfillmentPlan => ({ fulfillmentOrderId: 'fo', reasons: [], saved: null, offers: OFFERS, ...extra });

describe('the service of a bulk-activated fulfillment order', () => {
  it('the usual type is the one most of the last shipments had; standard without history or on a tie', () => {
    expect(usualType([], OFFERS)).toBe('standard');
    expect(usualType(['c:lock', 'c:lock', 'a:std'], OFFERS)).toBe('locker');
    expect(usualType(['c:lock', 'a:std'], OFFERS)).toBe('standard');
    expect(usualType(['x:gone', 'x:gone'], OFFERS)).toBe('standard');
  });

  it('the cheapest valid offer of the usual type (an invalid cheaper one is passed over; a locker at its first point)', () => {
    expect(chooseService(plan(), [])).toEqual({ serviceId: 'b:std', pointId: null });
    expect(chooseService(plan(), ['c:lock'])).toEqual({ serviceId: 'c:lock', pointId: 'p1' });
    expect(chooseService(plan(), ['b:exp'])).toEqual({ serviceId: 'b:exp', pointId: null });
  });

  it('the saved-for-later service wins while it is offered and valid', () => {
    expect(chooseService(plan({ saved: { serviceId: 'a:std', pointId: null } }), [])).toEqual({ serviceId: 'a:std', pointId: null });
    expect(chooseService(plan({ saved: { serviceId: 'c:lock', pointId: 'p2' } }), [])).toEqual({ serviceId: 'c:lock', pointId: 'p2' });
    // Not offered any more, invalid, or a point no longer among the points: the rule above instead.
    expect(chooseService(plan({ saved: { serviceId: 'z:gone', pointId: null } }), [])).toEqual({ serviceId: 'b:std', pointId: null });
    expect(chooseService(plan({ saved: { serviceId: 'd:std', pointId: null } }), [])).toEqual({ serviceId: 'b:std', pointId: null });
    expect(chooseService(plan({ saved: { serviceId: 'c:lock', pointId: 'p9' } }), [])).toEqual({ serviceId: 'b:std', pointId: null });
  });

  it('none when no valid offer of the usual type exists', () => {
    expect(chooseService(plan({ offers: [offer('b:exp', 'express', 3000)] }), [])).toBeNull();
  });
});
