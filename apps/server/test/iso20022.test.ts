import { describe, expect, it } from 'vitest';
import { buildCamt053, buildPain001, Camt053Error, parseCamt053 } from '../src/integrations/bank/iso20022.js';
import { validatePain001 } from './support/pain001.js';

describe('ISO 20022 files', () => {
  it('a pain.001.001.03 with a credit transfer per sheet validates against the XSD', async () => {
    const xml = buildPain001({
      messageId: 'PAYOUT-20261124-1',
      createdAt: new Date('2026-11-24T08:00:00.123Z'),
      executionDate: '2026-11-24',
      debtorName: 'Colete Online SRL & Co <test>',
      debtorIban: 'RO49AAAA1B31007593840000',
      transfers: [
        { endToEndId: 'SHEET-1', amountBani: 123_450, creditorName: 'Ion Popescu', creditorIban: 'RO49AAAA1B31007593840000', remittance: 'Rambursuri borderou 1' },
        { endToEndId: 'SHEET-2', amountBani: 5, creditorName: 'X'.repeat(90), creditorIban: 'RO49AAAA1B31007593840000', remittance: 'Rambursuri borderou 2' },
      ],
    });
    expect(xml).toContain('<CtrlSum>1234.55</CtrlSum>');
    // The SEPA character set: '&' as '+', '<' and '>' left out.
    expect(xml).toContain('<Nm>Colete Online SRL + Co test</Nm>');
    expect(await validatePain001(xml)).toEqual({ valid: true, errors: [] });
  });

  it('a broken pain.001 is refused by the XSD (the check is real)', async () => {
    const xml = buildPain001({ messageId: 'M', createdAt: new Date(), executionDate: '2026-11-24', debtorName: 'A', debtorIban: 'RO49AAAA1B31007593840000', transfers: [] })
      .replace('<PmtMtd>TRF</PmtMtd>', '<PmtMtd>XXX</PmtMtd>');
    expect((await validatePain001(xml)).valid).toBe(false);
  });

  it('a camt.053 statement is read back as written; anything else is refused', () => {
    const xml = buildCamt053({
      messageId: 'STMT-1',
      createdAt: new Date('2026-11-24T05:00:00Z'),
      statementId: 'RO49-20261123',
      iban: 'RO49AAAA1B31007593840000',
      date: '2026-11-23',
      openingBani: 10_000,
      entries: [
        { entryRef: 'E1', amountBani: 24_990, direction: 'CRDT', bookingDate: '2026-11-23', valueDate: '2026-11-23', reference: 'RAPIDCARPATI-20261123', debtorName: 'Rapid Carpati' },
        { entryRef: 'E2', amountBani: 100, direction: 'DBIT', bookingDate: '2026-11-23', valueDate: null, reference: null, debtorName: null },
      ],
    });
    const [s] = parseCamt053(xml);
    expect(s).toMatchObject({ statementId: 'RO49-20261123', iban: 'RO49AAAA1B31007593840000', date: '2026-11-23', openingBani: 10_000, closingBani: 34_890 });
    expect(s!.entries).toEqual([
      { entryRef: 'E1', bookingKey: 'ntry:E1', acctSvcrRef: null, amountBani: 24_990, direction: 'CRDT', bookingDate: '2026-11-23', valueDate: '2026-11-23', reference: 'RAPIDCARPATI-20261123', candidates: ['RAPIDCARPATI-20261123'], debtorName: 'Rapid Carpati' },
      { entryRef: 'E2', bookingKey: 'ntry:E2', acctSvcrRef: null, amountBani: 100, direction: 'DBIT', bookingDate: '2026-11-23', valueDate: '2026-11-23', reference: null, candidates: [], debtorName: null },
    ]);
    expect(() => parseCamt053('<x/>')).toThrow(Camt053Error);
    expect(() => parseCamt053('not xml <')).toThrow(Camt053Error);
    expect(() => parseCamt053('<!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>')).toThrow(Camt053Error);
    expect(() => parseCamt053(xml.replace('<Amt Ccy="RON">249.90</Amt>', '<Amt Ccy="RON">-5</Amt>'))).toThrow(Camt053Error);
  });
});
