import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { StatementEntry } from './iso20022.js';

/**
 * Reading the platform account's statements as the banks write them (issue 24,
 * ../shared/docs/integrations.md "Bank files in practice"): camt.053 versions 001.02 to 001.08;
 * only booked entries (`Sts` BOOK, or `Sts/Cd` BOOK from 001.07 on; PDNG and INFO are not money
 * yet); an entry in another currency than the account's is set aside; each transaction of a batch
 * entry (`NtryDtls/TxDtls`) is its own line; the reference may sit inside the free text
 * (`RmtInf/Ustrd`) or in `Refs/EndToEndId`; amounts are read as written (stray spaces refused);
 * the bytes are decoded in the encoding the XML declaration names.
 */

/** The camt.053 versions read (001.02 as most Romanian banks export, up to 001.08). */
export const CAMT_053_VERSIONS = ['02', '03', '04', '05', '06', '07', '08'].map((v) => `urn:iso:std:iso:20022:tech:xsd:camt.053.001.${v}`);

export class Camt053Error extends Error {}

/** An entry left out because its currency is not the account's. */
export type SetAsideEntry = { entryRef: string; currency: string; amount: string };
export type ParsedStatement = {
  statementId: string;
  iban: string;
  /** Acct/Ccy (RON when the statement does not say). */
  currency: string;
  date: string;
  openingBani: number | null;
  closingBani: number | null;
  entries: StatementEntry[];
  setAside: SetAsideEntry[];
};

type Node = Record<string, unknown>;
const list = (v: unknown): Node[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]) as Node[];
const one = (v: unknown): Node | undefined => list(v)[0];
/** An element's text as written: a plain string, or '#' of an element with attributes. */
const raw = (v: unknown): string | null => {
  const n = Array.isArray(v) ? v[0] : v;
  if (typeof n === 'string') return n;
  if (n && typeof n === 'object' && typeof (n as Node)['#'] === 'string') return (n as Node)['#'] as string;
  return null;
};
const text = (v: unknown): string | null => raw(v)?.trim() || null;
const attr = (v: unknown, name: string): string | null => {
  const n = one(v);
  return typeof n?.[`@${name}`] === 'string' ? (n[`@${name}`] as string) : null;
};
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A statement amount exactly as written ('1234.5', '1234.50') to bani; null unless a positive amount with at most 2 decimals (no spaces). */
export function amountBaniOf(value: string | null): number | null {
  if (!value || !/^\d{1,13}(\.\d{1,2})?$/.test(value)) return null;
  const [whole, fraction = ''] = value.split('.');
  const bani = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return bani > 0 ? bani : null;
}
const dayIn = (v: unknown) => {
  const n = one(v);
  const d = text(n?.Dt) ?? text(n?.DtTm)?.slice(0, 10) ?? null;
  return d && DAY.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d) ? d : null;
};

/** The encoding a file's first bytes name (a BOM, else the XML declaration, else UTF-8) and where its text starts. */
function encodingOf(file: Buffer): { label: string; start: number } {
  if (file[0] === 0xef && file[1] === 0xbb && file[2] === 0xbf) return { label: 'utf-8', start: 3 };
  if (file[0] === 0xff && file[1] === 0xfe) return { label: 'utf-16le', start: 2 };
  if (file[0] === 0xfe && file[1] === 0xff) return { label: 'utf-16be', start: 2 };
  const declared = /^\s*<\?xml[^>]*\sencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(file.subarray(0, 200).toString('latin1'));
  return { label: declared ? declared[1]! : 'utf-8', start: 0 };
}

const status = (n: Node) => text(one(n.Sts)?.Cd) ?? text(one(n.Sts)?.Prtry) ?? text(n.Sts);

/** Where the reference may be: the EndToEndId, the whole unstructured text, its words (those with a digit), in that order. */
function referenceOf(tx: Node | undefined): { reference: string | null; candidates: string[] } {
  const e2e = text(one(tx?.Refs)?.EndToEndId);
  const endToEnd = e2e && e2e !== 'NOTPROVIDED' ? e2e : null;
  const ustrd = list(one(tx?.RmtInf)?.Ustrd)
    .map((u) => text(u))
    .filter((u): u is string => !!u)
    .join(' ')
    .replace(/\s+/g, ' ');
  const words = ustrd.split(/[\s,;]+/).filter((w) => w.length >= 3 && /\d/.test(w));
  const candidates = [...new Set([endToEnd, ustrd || null, ...words].filter((c): c is string => !!c))];
  // Without a report to look in: a lone text, else a word shaped like 'RAPIDCARPATI-20261115', else the EndToEndId.
  const shaped = words.find((w) => /^[A-Za-z][A-Za-z0-9]*-\d/.test(w));
  const reference = ustrd && !ustrd.includes(' ') ? ustrd : (shaped ?? endToEnd ?? (ustrd || null));
  return { reference, candidates };
}

/** The statement's own fields, read before its entries (as camt.053 orders them). */
type StatementHead = { statementId: string; iban: string; currency: string; date: string };

function headOf(stmt: Node, i: number): StatementHead {
  const statementId = text(stmt.Id);
  const acct = one(stmt.Acct);
  const iban = text(one(acct?.Id)?.IBAN)?.replace(/\s+/g, '').toUpperCase() ?? null;
  const currency = text(acct?.Ccy) ?? 'RON';
  const date = (text(one(stmt.FrToDt)?.FrDtTm) ?? text(stmt.CreDtTm) ?? '').slice(0, 10);
  if (!statementId || !iban || !DAY.test(date)) throw new Camt053Error(`statement ${i + 1}`);
  return { statementId, iban, currency, date };
}

function balancesOf(stmt: Node) {
  const balanceOf = (code: string) => {
    const b = list(stmt.Bal).find((x) => text(one(one(x.Tp)?.CdOrPrtry)?.Cd) === code);
    const written = b ? raw(b.Amt) : null;
    const bani = written === null ? null : (amountBaniOf(written) ?? (/^0(\.0{1,2})?$/.test(written) ? 0 : null));
    return bani === null ? null : text(b?.CdtDbtInd) === 'DBIT' ? -bani : bani;
  };
  return { openingBani: balanceOf('OPBD'), closingBani: balanceOf('CLBD') };
}

/** One entry (Ntry, the j-th of its statement): its lines added to `entries`, or to `setAside` when in another currency. */
function readEntry(head: StatementHead, n: Node, j: number, entries: StatementEntry[], setAside: SetAsideEntry[]) {
  const { statementId, currency } = head;
  const acctSvcrRef = text(n.AcctSvcrRef);
  const ntryRef = text(n.NtryRef);
  const entryRef = ntryRef ?? acctSvcrRef ?? `${statementId}-${j + 1}`;
  const sts = status(n);
  if (sts !== 'BOOK') {
    if (sts === 'PDNG' || sts === 'INFO') return;
    throw new Camt053Error(`entry ${j + 1}: status ${sts}`);
  }
  const amountBani = amountBaniOf(raw(n.Amt));
  const direction = text(n.CdtDbtInd);
  const bookingDate = dayIn(n.BookgDt);
  if (amountBani === null || (direction !== 'CRDT' && direction !== 'DBIT') || !bookingDate) throw new Camt053Error(`entry ${j + 1}`);
  const entryCcy = attr(n.Amt, 'Ccy') ?? currency;
  if (entryCcy !== currency) {
    setAside.push({ entryRef, currency: entryCcy, amount: text(n.Amt) ?? '' });
    return;
  }
  const key = acctSvcrRef ? `acct:${acctSvcrRef}` : ntryRef ? `ntry:${ntryRef}` : null;
  const txs = list(n.NtryDtls).flatMap((d) => list(d.TxDtls));
  const base = { direction, bookingDate, valueDate: dayIn(n.ValDt) } as const;
  if (txs.length <= 1) {
    const tx = txs[0];
    entries.push({ ...base, entryRef, bookingKey: key, acctSvcrRef, amountBani, ...referenceOf(tx), debtorName: text(one(one(one(tx?.RltdPties)?.Dbtr))?.Nm) });
    return;
  }
  // A batch booking: each transaction its own line, with its own amount; together the entry's.
  const lines = txs.map((tx, k): StatementEntry => {
    const amt = one(tx.Amt) ? tx.Amt : one(one(one(tx.AmtDtls)?.TxAmt))?.Amt;
    const bani = amountBaniOf(raw(amt));
    const txDirection = text(tx.CdtDbtInd) ?? direction;
    if (bani === null || txDirection !== direction || (attr(amt, 'Ccy') ?? entryCcy) !== currency) throw new Camt053Error(`entry ${j + 1} transaction ${k + 1}`);
    return { ...base, entryRef: `${entryRef}#${k + 1}`, bookingKey: key && `${key}#${k + 1}`, acctSvcrRef, amountBani: bani, ...referenceOf(tx), debtorName: text(one(one(one(tx.RltdPties)?.Dbtr))?.Nm) };
  });
  if (lines.reduce((a, l) => a + l.amountBani, 0) !== amountBani) throw new Camt053Error(`entry ${j + 1}: transactions do not add up`);
  entries.push(...lines);
}

/** An element being read: its attributes, children (by name, repeated ones in an array) and text. */
type Open = { name: string; node: Node; text: string; children: boolean };

/**
 * A camt.053 reader fed text piece by piece (a SAX parser, saxes): each entry (Ntry) is read as
 * soon as it closes and not kept as XML, so a large statement is never held whole, as text or as a
 * tree. write() and close() throw Camt053Error on anything that is not a camt.053 statement
 * (another message, a DOCTYPE, an entry without a valid amount, direction or booking day, a batch
 * whose transactions do not add up to the entry). The elements read as xmlbuilder2's object form:
 * an element with text only is its text, attributes are '@name', the text beside them '#'.
 */
export function camt053Reader(onEntries?: (count: number) => void) {
  const parser = new SaxesParser({ xmlns: false });
  const statements: ParsedStatement[] = [];
  const stack: Open[] = [];
  let failure: Camt053Error | null = null;
  let rootSeen = false;
  let stmt: { head: StatementHead | null; count: number; entries: StatementEntry[]; setAside: SetAsideEntry[] } | null = null;
  let entryCount = 0;
  const fail = (reason: string) => {
    failure ??= new Camt053Error(reason);
    throw failure;
  };
  parser.on('doctype', () => fail('doctype'));
  parser.on('error', (err) => fail(`not xml: ${err.message}`));
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const node: Node = {};
    for (const [k, v] of Object.entries(tag.attributes)) node[`@${k}`] = v;
    if (!rootSeen) {
      rootSeen = true;
      // No DTDs, and the right message from its first element on.
      if (tag.name !== 'Document' || !CAMT_053_VERSIONS.includes(String(node['@xmlns']))) fail('not camt.053');
    }
    const parent = stack.at(-1);
    if (parent) parent.children = true;
    stack.push({ name: tag.name, node, text: '', children: false });
    if (stack.length === 3 && tag.name === 'Stmt' && stack[1]!.name === 'BkToCstmrStmt') stmt = { head: null, count: 0, entries: [], setAside: [] };
  });
  const onText = (t: string) => {
    const top = stack.at(-1);
    if (top) top.text += t;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    const open = stack.pop()!;
    const hasAttributes = Object.keys(open.node).length > 0;
    const value: unknown = open.children ? open.node : hasAttributes ? (open.text !== '' ? { ...open.node, '#': open.text } : open.node) : open.text;
    const parent = stack.at(-1);
    if (open.name === 'Ntry' && stmt && stack.length === 3) {
      stmt.head ??= headOf(parent!.node, statements.length);
      readEntry(stmt.head, value as Node, stmt.count, stmt.entries, stmt.setAside);
      stmt.count += 1;
      entryCount += 1;
      if (entryCount % 1000 === 0) onEntries?.(entryCount);
      return;
    }
    if (open.name === 'Stmt' && stmt && stack.length === 2) {
      const head = headOf(open.node, statements.length);
      statements.push({ ...head, ...balancesOf(open.node), entries: stmt.entries, setAside: stmt.setAside });
      stmt = null;
      return;
    }
    if (!parent) return;
    const existing = parent.node[open.name];
    parent.node[open.name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  });

  return {
    write(chunk: string) {
      if (failure) throw failure;
      try {
        parser.write(chunk);
      } catch (err) {
        throw err instanceof Camt053Error ? err : (failure ??= new Camt053Error('not xml'));
      }
    },
    close(): ParsedStatement[] {
      if (failure) throw failure;
      try {
        parser.close();
      } catch (err) {
        throw err instanceof Camt053Error ? err : new Camt053Error('not xml');
      }
      if (!rootSeen) throw new Camt053Error('not xml');
      if (statements.length === 0) throw new Camt053Error('no statement');
      onEntries?.(entryCount);
      return statements;
    },
  };
}

/** Reads a camt.053 document (text; readCamt053 reads a file's bytes as they arrive): each statement (Stmt) with its account, currency, day, balances and booked entries, one per transaction. */
export function parseCamt053(xml: string): ParsedStatement[] {
  const reader = camt053Reader();
  reader.write(xml.replace(/^\s*<\?xml[^>]*\?>/, ''));
  return reader.close();
}

/**
 * Reads a camt.053 file as it arrives (an upload's stream): the bytes decoded in the encoding its
 * XML declaration names (UTF-8 without one; a BOM wins), piece by piece into camt053Reader. Bytes not valid in that
 * encoding, an encoding we cannot read, or anything parseCamt053 refuses throw Camt053Error.
 */
export async function readCamt053(chunks: AsyncIterable<Buffer>, onEntries?: (count: number) => void): Promise<ParsedStatement[]> {
  const reader = camt053Reader(onEntries);
  let decoder: InstanceType<typeof TextDecoder> | null = null;
  let head = Buffer.alloc(0);
  const feed = (bytes: Buffer, last: boolean) => {
    let piece: string;
    try {
      piece = decoder!.decode(bytes, { stream: !last });
    } catch {
      throw new Camt053Error('encoding');
    }
    if (piece !== '') reader.write(piece);
  };
  const start = (bytes: Buffer, last: boolean) => {
    const { label, start: skip } = encodingOf(bytes);
    try {
      decoder = new TextDecoder(label, { fatal: true });
    } catch {
      throw new Camt053Error(`encoding ${label}`);
    }
    let first: string;
    try {
      first = decoder.decode(bytes.subarray(skip), { stream: !last });
    } catch {
      throw new Camt053Error(`encoding ${label}`);
    }
    reader.write(first.replace(/^\s*<\?xml[^>]*\?>/, ''));
  };
  for await (const chunk of chunks) {
    if (decoder) {
      feed(chunk, false);
      continue;
    }
    head = Buffer.concat([head, chunk]);
    // The declaration is read from the first 200 bytes ; the first piece holds it whole.
    if (head.length >= 512) {
      start(head, false);
      head = Buffer.alloc(0);
    }
  }
  if (!decoder) start(head, true);
  else feed(Buffer.alloc(0), true);
  return reader.close();
}
