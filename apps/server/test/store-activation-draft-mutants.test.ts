import { messages } from '@colete/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/errors.js';
import { assertPacked, storeDraftOf } from '../src/modules/store/store-activation-draft.js';
import { storeCardBody } from './support/store-activation.js';

/**
 * A store order's card as a shipment draft, at the edges its mutants showed untested (npm run
 * mutate): the cash on delivery and insurance in bani to lei exactly, the sender from the address
 * book or typed, the recipient's empty fields as none, and the refusals with their messages.
 */
const sa = messages.storeActivation;

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof AppError) return { status: e.statusCode, message: e.message, code: e.code, errors: e.errors };
    throw e;
  }
  throw new Error('not refused');
};

describe('the store card as a shipment draft', () => {
  it('turns the cash on delivery and the insurance from bani into lei exactly, with every option as asked', () => {
    const body = storeCardBody();
    body.extraOptions = { insurance: { active: true, amount: 1_199_93 }, repayment: { account: { active: true, amount: 687_01 } }, openAtDelivery: { active: true }, saturdayDelivery: { active: false } };
    const draft = storeDraftOf(body, '#1092');
    expect(draft.options).toMatchObject({ cod: { active: true, amount: 687.01 }, insurance: { active: true, amount: 1199.93 }, openAtDelivery: true, saturdayDelivery: false });
    expect(draft.clientReference).toBe('#1092');
    body.extraOptions = { insurance: { active: false, amount: 0 }, repayment: { account: { active: false, amount: 0 } }, openAtDelivery: { active: false }, saturdayDelivery: { active: true } };
    expect(storeDraftOf(body, null).options).toMatchObject({ cod: { active: false }, insurance: { active: false }, openAtDelivery: false, saturdayDelivery: true });
    expect(storeDraftOf(body, null).clientReference).toBeNull();
  });

  it('packs each package with its sizes, the packing type and content', () => {
    const body = storeCardBody();
    body.packing = { ...body.packing, type: 'parcel', content: 'Covor', list: [
      { weight: 12.5, width: 30, length: 165, height: 30, metadata: [], manuallyAdded: false, calculatedAutomatically: true },
      { weight: 1, width: 11, length: 12, height: 13, metadata: [], manuallyAdded: true, calculatedAutomatically: false },
    ] };
    const draft = storeDraftOf(body, null);
    expect(draft.packages).toEqual([
      expect.objectContaining({ type: 'parcel', weight: 12.5, length: 165, width: 30, height: 30 }),
      expect.objectContaining({ type: 'parcel', weight: 1, length: 12, width: 11, height: 13 }),
    ]);
    expect(draft.content).toBe('Covor');
  });

  it('takes the sender from the address book when chosen, else the typed address with the contact\'s name and phone', () => {
    const body = storeCardBody();
    const typed = storeDraftOf(body, null).sender as Record<string, unknown>;
    expect(typed).toMatchObject({ contactName: 'Depozit Bucuresti', contactPhone: '+40722100200', city: 'Sectorul 2', countyCode: 'B', postalCode: '020331' });
    body.sender.contact = { ...body.sender.contact, name: 'Ion Popescu', phone: '+40733000111' };
    expect(storeDraftOf(body, null).sender).toMatchObject({ contactName: 'Ion Popescu', contactPhone: '+40733000111' });
    body.sender.contact = { ...body.sender.contact, name: '', phone: '' };
    expect(storeDraftOf(body, null).sender).toMatchObject({ contactName: 'Depozit Bucuresti', contactPhone: '+40722100200' });
    body.sender.addressId = 42;
    expect(storeDraftOf(body, null).sender).toEqual({ addressId: 42 });
  });

  it('gives the recipient\'s blank fields as none and keeps the filled ones', () => {
    const body = storeCardBody();
    const empty = storeDraftOf(body, null).recipient as Record<string, unknown>;
    expect(empty).toMatchObject({ contactName: 'Ana Pop', contactPhone: '+40722333444', countyCode: 'CJ', city: 'Cluj-Napoca', postalCode: '400114', street: 'Strada Memorandumului', number: '28' });
    for (const k of ['contactEmail', 'contactCompany', 'block', 'entrance', 'intercom', 'floor', 'apartment', 'additionalInfo']) expect(empty[k] ?? null, k).toBeNull();
    body.recipient.address = { ...body.recipient.address, building: 'B2', entrance: 'A', intercom: '12', floor: '3', apartment: '14', additionalInfo: 'Langa scoala', street: '  ' };
    body.recipient.contact = { ...body.recipient.contact, email: 'ana@test.ro', company: 'Pop SRL' };
    const full = storeDraftOf(body, null).recipient as Record<string, unknown>;
    expect(full).toMatchObject({ contactEmail: 'ana@test.ro', contactCompany: 'Pop SRL', block: 'B2', entrance: 'A', intercom: '12', floor: '3', apartment: '14', additionalInfo: 'Langa scoala' });
    expect(full.street ?? null).toBeNull();
  });

  it('refuses a draft the shipping engine would refuse, naming the field, with the Romanian message', () => {
    const body = storeCardBody();
    body.recipient.contact = { ...body.recipient.contact, phone: '12' };
    const r = refusal(() => storeDraftOf(body, null));
    expect(r).toMatchObject({ status: 400, message: sa.offersInvalid, code: 'invalidOrder' });
    // Each field named by its path, with the engine's own message.
    expect(Object.keys(r.errors ?? {})).toContain('recipient.contactPhone');
    expect(Object.values(r.errors ?? {}).every((m) => typeof m === 'string' && m.length > 0)).toBe(true);
  });

  it('asks offers only for a whole packing: valid and with a package', () => {
    const body = storeCardBody();
    expect(() => assertPacked(body)).not.toThrow();
    const refused = { status: 400, message: sa.packingInvalid, code: 'invalidPacking', errors: { packing: sa.packingInvalid } };
    expect(refusal(() => assertPacked({ ...body, packing: { ...body.packing, valid: false } }))).toEqual(refused);
    expect(refusal(() => assertPacked({ ...body, packing: { ...body.packing, list: [] } }))).toEqual(refused);
  });
});
