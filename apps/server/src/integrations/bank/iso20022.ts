import { create } from 'xmlbuilder2';
import { baniToRon } from '../../lib/money.js';

/**
 * The two ISO 20022 messages of the repayments' money (../shared/data/iso20022/README.md), written
 * and read with xmlbuilder2 (never by gluing strings):
 * - pain.001.001.03 (Customer Credit Transfer Initiation): the payout file the platform gives its
 *   bank, one PmtInf from the platform's account with one CdtTrfTxInf per sheet;
 * - camt.053.001.02 (Bank To Customer Statement): the platform account's daily statement, one Ntry
 *   per booking (the couriers' transfers, with their reference in RmtInf/Ustrd).
 * Amounts are integer bani here and decimal RON ('1234.50') in the files.
 */

export const PAIN_001_NS = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03';
export const CAMT_053_NS = 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.02';

/** The currency attribute of every amount (the platform's account and payouts are in lei). */
const IN_RON = { Ccy: 'RON' } as const;
/**
 * The SEPA character set Romanian banks take in bulk files (../shared/docs/integrations.md): Latin
 * letters, digits, space and / - ? : ( ) . , ' +. Letters with diacritics lose them ('Ștefan
 * Țărănescu' -> 'Stefan Taranescu'), '&' becomes '+', anything else a space (spaces collapsed).
 */
export function sepaText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[ÆæŒœ]/g, (c) => ({ Æ: 'AE', æ: 'ae', Œ: 'OE', œ: 'oe' })[c] ?? c)
    .replace(/[Łł]/g, (c) => (c === 'Ł' ? 'L' : 'l'))
    .replace(/&/g, '+')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
/** Text fields are Max35Text/Max70Text/Max140Text in the SEPA set: transliterated, then cut to the limit (names may be long). */
const cut = (value: string, max: number) => sepaText(value).slice(0, max).trim();
/** xs:dateTime without milliseconds. */
const dateTime = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

export type CreditTransfer = {
  /** EndToEndId (Max35Text), unique per sheet. */
  endToEndId: string;
  amountBani: number;
  creditorName: string;
  creditorIban: string;
  /** RmtInf/Ustrd (Max140Text). */
  remittance: string;
};

export type Pain001 = {
  messageId: string;
  createdAt: Date;
  /** ReqdExctnDt, YYYY-MM-DD. */
  executionDate: string;
  debtorName: string;
  debtorIban: string;
  transfers: readonly CreditTransfer[];
};

/** One pain.001.001.03 file: one payment information block (the platform's account), a credit transfer per sheet. */
export function buildPain001(p: Pain001): string {
  const total = p.transfers.reduce((a, t) => a + t.amountBani, 0);
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(PAIN_001_NS, 'Document').ele('CstmrCdtTrfInitn');
  root
    .ele('GrpHdr')
    .ele('MsgId').txt(cut(p.messageId, 35)).up()
    .ele('CreDtTm').txt(dateTime(p.createdAt)).up()
    .ele('NbOfTxs').txt(String(p.transfers.length)).up()
    .ele('CtrlSum').txt(baniToRon(total)).up()
    .ele('InitgPty').ele('Nm').txt(cut(p.debtorName, 70)).up().up();
  const info = root.ele('PmtInf');
  info
    .ele('PmtInfId').txt(cut(`${p.messageId}-1`, 35)).up()
    .ele('PmtMtd').txt('TRF').up()
    .ele('BtchBookg').txt('false').up()
    .ele('NbOfTxs').txt(String(p.transfers.length)).up()
    .ele('CtrlSum').txt(baniToRon(total)).up()
    .ele('ReqdExctnDt').txt(p.executionDate).up()
    .ele('Dbtr').ele('Nm').txt(cut(p.debtorName, 70)).up().up()
    .ele('DbtrAcct').ele('Id').ele('IBAN').txt(p.debtorIban).up().up().ele('Ccy').txt('RON').up().up()
    // The debtor's bank is the one the file is given to: no BIC needed ("NOTPROVIDED", the usual convention).
    .ele('DbtrAgt').ele('FinInstnId').ele('Othr').ele('Id').txt('NOTPROVIDED').up().up().up().up()
    .ele('ChrgBr').txt('SHAR');
  for (const t of p.transfers) {
    info
      .ele('CdtTrfTxInf')
      .ele('PmtId').ele('InstrId').txt(cut(t.endToEndId, 35)).up().ele('EndToEndId').txt(cut(t.endToEndId, 35)).up().up()
      .ele('Amt').ele('InstdAmt', IN_RON).txt(baniToRon(t.amountBani)).up().up()
      .ele('Cdtr').ele('Nm').txt(cut(t.creditorName, 70)).up().up()
      .ele('CdtrAcct').ele('Id').ele('IBAN').txt(t.creditorIban).up().up().up()
      .ele('RmtInf').ele('Ustrd').txt(cut(t.remittance, 140));
  }
  return root.end({ prettyPrint: true });
}

export type StatementEntry = {
  entryRef: string;
  /**
   * The booking's identity at the bank: 'acct:' + AcctSvcrRef, else 'ntry:' + NtryRef; null when
   * the bank gave neither (issue 24: a booking is known by these, not by the file that brought it).
   */
  bookingKey?: string | null;
  /** The bank's own reference of the booking (Ntry/AcctSvcrRef), when it gives one. */
  acctSvcrRef?: string | null;
  amountBani: number;
  direction: 'CRDT' | 'DBIT';
  bookingDate: string;
  valueDate: string | null;
  /** The payer's reference (RmtInf/Ustrd, else Refs/EndToEndId); reading a file, the likeliest token of the text (see candidates). */
  reference: string | null;
  /** Reading a file: every text the reference may be (EndToEndId, the whole Ustrd, its words), in that order. */
  candidates?: string[];
  debtorName: string | null;
};

export type Camt053 = {
  messageId: string;
  createdAt: Date;
  statementId: string;
  iban: string;
  /** The statement's day. */
  date: string;
  openingBani: number;
  entries: readonly StatementEntry[];
};

const balance = (stmt: ReturnType<ReturnType<typeof create>['ele']>, code: 'OPBD' | 'CLBD', bani: number, day: string) =>
  stmt
    .ele('Bal')
    .ele('Tp').ele('CdOrPrtry').ele('Cd').txt(code).up().up().up()
    .ele('Amt', IN_RON).txt(baniToRon(Math.abs(bani))).up()
    .ele('CdtDbtInd').txt(bani < 0 ? 'DBIT' : 'CRDT').up()
    .ele('Dt').ele('Dt').txt(day).up().up()
    .up();

/** A day's camt.053.001.02 statement of one account (the bank simulator's answer). */
export function buildCamt053(s: Camt053): string {
  const closing = s.entries.reduce((a, e) => a + (e.direction === 'CRDT' ? e.amountBani : -e.amountBani), s.openingBani);
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(CAMT_053_NS, 'Document').ele('BkToCstmrStmt');
  root.ele('GrpHdr').ele('MsgId').txt(cut(s.messageId, 35)).up().ele('CreDtTm').txt(dateTime(s.createdAt));
  const stmt = root.ele('Stmt');
  stmt
    .ele('Id').txt(cut(s.statementId, 35)).up()
    .ele('CreDtTm').txt(dateTime(s.createdAt)).up()
    .ele('FrToDt').ele('FrDtTm').txt(`${s.date}T00:00:00`).up().ele('ToDtTm').txt(`${s.date}T23:59:59`).up().up()
    .ele('Acct').ele('Id').ele('IBAN').txt(s.iban).up().up().ele('Ccy').txt('RON').up().up();
  balance(stmt, 'OPBD', s.openingBani, s.date);
  balance(stmt, 'CLBD', closing, s.date);
  for (const e of s.entries) {
    const entry = stmt.ele('Ntry');
    entry
      .ele('NtryRef').txt(cut(e.entryRef, 35)).up()
      .ele('Amt', IN_RON).txt(baniToRon(e.amountBani)).up()
      .ele('CdtDbtInd').txt(e.direction).up()
      .ele('Sts').txt('BOOK').up()
      .ele('BookgDt').ele('Dt').txt(e.bookingDate).up().up()
      .ele('ValDt').ele('Dt').txt(e.valueDate ?? e.bookingDate).up().up();
    if (e.acctSvcrRef) entry.ele('AcctSvcrRef').txt(cut(e.acctSvcrRef, 35));
    entry
      .ele('BkTxCd').ele('Prtry').ele('Cd').txt(e.direction === 'CRDT' ? 'TRF-IN' : 'TRF-OUT').up().up().up();
    const tx = entry.ele('NtryDtls').ele('TxDtls');
    tx.ele('Refs').ele('EndToEndId').txt(cut(e.reference ?? 'NOTPROVIDED', 35));
    if (e.debtorName) tx.ele('RltdPties').ele('Dbtr').ele('Nm').txt(cut(e.debtorName, 70));
    if (e.reference) tx.ele('RmtInf').ele('Ustrd').txt(cut(e.reference, 140));
  }
  return root.end({ prettyPrint: true });
}

export { amountBaniOf, Camt053Error, CAMT_053_VERSIONS, parseCamt053 } from './camt053-read.js';
export type { ParsedStatement, SetAsideEntry } from './camt053-read.js';
