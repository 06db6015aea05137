import { describe, expect, it } from 'vitest';
import { groupByPrice } from './offer-order';

const offer = (serviceId: string, type: string, price: string, errors: string[] = []) => ({ serviceId, type, price, priceNoVat: (Number(price) / 1.21).toFixed(2), errors });

describe('the offers of a group', () => {
  it('go cheapest first, compared as amounts (not as text), keep the server order on a tie and leave out other groups', () => {
    const offers = [
      offer('a', 'standard', '25.10'),
      offer('b', 'standard', '9.99'),
      offer('x', 'express', '5.00'),
      offer('c', 'standard', '100.00'),
      offer('d', 'standard', '9.99'),
      offer('e', 'standard', '12.40'),
    ];
    expect(groupByPrice(offers, 'standard').map((o) => o.serviceId)).toEqual(['b', 'd', 'e', 'a', 'c']);
  });

  it('put the offers that cannot be chosen after the ones that can, whatever their price', () => {
    const offers = [offer('a', 'locker', '30.00'), offer('b', 'locker', '1.00', ['Greutate prea mare']), offer('c', 'locker', '20.00')];
    expect(groupByPrice(offers, 'locker').map((o) => o.serviceId)).toEqual(['c', 'a', 'b']);
  });
});
