import { createHash, createHmac } from 'node:crypto';
import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { efacturaSimDownloads, efacturaSimMessages, efacturaSimUploads } from '../../db/schema/efactura-sim.js';
import { bucharestDateKey, bucharestParts } from '../../lib/dates.js';
import { child, readXmlTree, textAt, XmlTreeError, type XmlElement } from '../../lib/xml-tree.js';
import { zipOf } from '../../lib/zip.js';
import { readRasp } from './rasp.js';

/*
 * The simulator's SPV (issue 25): what ANAF keeps for each company, in the simulator's own tables.
 * An invoice uploaded by a seller becomes a 'FACTURA TRIMISA' message in the seller's list and a
 * 'FACTURA PRIMITA' in the buyer's; a refused upload an 'ERORI FACTURA' for the sender. A message
 * downloads as a ZIP holding `<id>.xml` and `semnatura_<id>.xml`. Facts:
 * ../shared/docs/integrations.md, "Tax authority e-invoicing".
 */

export const UBL_INVOICE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
export const UBL_CREDIT_NOTE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2';
export const CIUS_RO_CUSTOMIZATION = 'urn:cen.eu:en16931:2017#compliant#urn:efactura.mfinante.ro:CIUS-RO:1.0.1';
export const ERRORS_NS = 'mfp:anaf:dgti:efactura:mesajEroriFactuta:v1';

/** The message types of a list, and the `filtru` letter that picks each. */
export const SIM_MESSAGE_TYPES = { E: 'ERORI FACTURA', T: 'FACTURA TRIMISA', P: 'FACTURA PRIMITA', R: 'MESAJ CUMPARATOR PRIMIT / MESAJ CUMPARATOR TRANSMIS' } as const;
export type SimFilter = keyof typeof SIM_MESSAGE_TYPES;
/** Messages per page of listaMesajePaginatieFactura; the simple list stops there too. */
export const SIM_PAGE_SIZE = 500;
/** Downloads of one message a day. */
export const SIM_DOWNLOADS_PER_DAY = 10;
/** How far back a list reaches. */
export const SIM_LIST_MAX_DAYS = 60;

/** A message as the lists answer it. */
export type SimListedMessage = { data_creare: string; cif: string; id_solicitare: string; detalii: string; tip: string; id: string };

/** 'yyyyMMddHHmm', Bucharest time, as ANAF writes `data_creare`. */
export function anafStamp(at: Date) {
  const p = bucharestParts(at);
  return `${p.date.replaceAll('-', '')}${p.time.replace(':', '')}`;
}

const digitsOf = (companyId: string | null) => (companyId ? companyId.replace(/^RO/i, '').trim() : null);

/** The parties of an invoice or credit note: the seller's and buyer's fiscal codes (digits), its number. */
function partiesOf(root: XmlElement) {
  const party = (role: string) => child(root, role, 'Party');
  const cuiOf = (p: XmlElement | undefined) => digitsOf(textAt(p, 'PartyTaxScheme', 'CompanyID') ?? textAt(p, 'PartyLegalEntity', 'CompanyID'));
  return { number: textAt(root, 'ID'), seller: cuiOf(party('AccountingSupplierParty')), buyer: cuiOf(party('AccountingCustomerParty')) };
}

/**
 * What the simulator checks of an upload (the rules ANAF applies first; the full CIUS-RO rules run
 * in our own validation before any upload): well-formed XML without a DOCTYPE, the document the
 * standard names, CIUS-RO's CustomizationID, a number with a digit, the seller's fiscal code equal
 * to the sender's (unless self-billing), and a buyer. Answers the errors ('' when none) and the parties.
 */
export function checkUpload(xml: string, standard: 'UBL' | 'CN', cif: string, selfBilling: boolean) {
  let root: XmlElement;
  try {
    root = readXmlTree(xml);
  } catch (err) {
    return { errors: [`Fisierul nu este un XML valid (${err instanceof XmlTreeError ? err.message : 'necitibil'}).`], parties: null };
  }
  const errors: string[] = [];
  const [name, ns] = standard === 'UBL' ? ['Invoice', UBL_INVOICE_NS] : ['CreditNote', UBL_CREDIT_NOTE_NS];
  if (root.name !== name || root.namespace !== ns) return { errors: [`Fisierul transmis nu este de tipul ${standard === 'UBL' ? 'factura (Invoice)' : 'nota de credit (CreditNote)'} cerut de standard=${standard}.`], parties: null };
  const parties = partiesOf(root);
  if (textAt(root, 'CustomizationID') !== CIUS_RO_CUSTOMIZATION) errors.push(`[BR-RO-001] CustomizationID trebuie sa fie ${CIUS_RO_CUSTOMIZATION}.`);
  if (!parties.number || !/\d/.test(parties.number)) errors.push('[BR-RO-010] Numarul facturii (BT-1) trebuie sa contina cel putin un caracter numeric.');
  if (!parties.seller) errors.push('[BR-CO-26] Lipseste identificatorul fiscal al vanzatorului (BT-31).');
  else if (!selfBilling && parties.seller !== cif) errors.push(`CIF-ul vanzatorului (${parties.seller}) difera de CIF-ul pentru care se face incarcarea (${cif}).`);
  if (!child(root, 'AccountingCustomerParty', 'Party')) errors.push('[BR-07] Lipseste cumparatorul (BG-7).');
  return { errors, parties };
}

/** The errors message a refused upload downloads as. */
function errorsXml(uploadIndex: number, cif: string, errors: string[]) {
  const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<header xmlns="${ERRORS_NS}" Index_incarcare="${uploadIndex}" Cif_emitent="${esc(cif)}">\n${errors.map((e) => `  <Error errorMessage="${esc(e)}"/>`).join('\n')}\n</header>\n`;
}

/** The Ministry of Finance's signature of a message's XML, simulated: the digest of the XML, signed with the simulator's key. */
function signatureXml(key: Buffer, id: number, xml: string) {
  const digest = createHash('sha256').update(xml, 'utf8').digest('base64');
  const value = createHmac('sha256', key).update(`efactura-sim signature ${id} ${digest}`).digest('base64');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo><Reference URI="${id}.xml"><DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/><DigestValue>${digest}</DigestValue></Reference></SignedInfo><SignatureValue>${value}</SignatureValue><KeyInfo><X509Data><X509SubjectName>CN=Ministerul Finantelor (simulator)</X509SubjectName></X509Data></KeyInfo></Signature>\n`;
}

const nextval = (seq: string) => sql<number>`nextval(${seq}::regclass)`;

/**
 * upload / uploadb2c: the document recorded with its index, checked, and its messages written in the
 * same transaction (the state stareMesaj answers is final at once). Answers the upload index.
 */
/**
 * One upload recorded in a transaction: its index drawn, its messages written by `messages` (each
 * `message` answers its download id; the one `messages` answers is what stareMesaj points at), the
 * upload row with its state. Answers the upload index.
 */
function recordUpload(
  db: Executor,
  upload: { cif: string; standard: 'UBL' | 'CN' | 'RASP'; b2c: boolean; xml: string; errors: string[] },
  now: Date,
  messages: (uploadIndex: number, message: (cif: string, type: string, details: string, xml: string) => Promise<number>) => Promise<number>,
) {
  return db.transaction(async (tx) => {
    const next = (await tx.execute(sql`select ${nextval('efactura_sim_upload_index_seq')}::bigint as index`)) as unknown as { rows: { index: string | number }[] };
    const uploadIndex = Number(next.rows[0]!.index);
    const message = async (cif: string, type: string, details: string, xml: string) => {
      const [row] = await tx
        .insert(efacturaSimMessages)
        .values({ id: nextval('efactura_sim_message_id_seq') as unknown as number, cif, type, uploadIndex, details, xml, createdAt: now })
        .returning({ id: efacturaSimMessages.id });
      return row!.id;
    };
    const downloadId = await messages(uploadIndex, message);
    await tx.insert(efacturaSimUploads).values({ ...upload, uploadIndex, state: upload.errors.length > 0 ? 'nok' : 'ok', downloadId, createdAt: now });
    return uploadIndex;
  });
}

export async function simUpload(db: Executor, input: { cif: string; standard: 'UBL' | 'CN'; b2c: boolean; selfBilling: boolean; xml: string }, now = new Date()) {
  const { errors, parties } = checkUpload(input.xml, input.standard, input.cif, input.selfBilling);
  return recordUpload(db, { cif: input.cif, standard: input.standard, b2c: input.b2c, xml: input.xml, errors }, now, async (uploadIndex, message) => {
    if (errors.length > 0 || !parties) {
      return message(input.cif, SIM_MESSAGE_TYPES.E, `Erori de validare identificate la factura primita cu id_incarcare=${uploadIndex}`, errorsXml(uploadIndex, input.cif, errors));
    }
    const details = `Factura cu id_incarcare=${uploadIndex} emisa de cif_emitent=${parties.seller} pentru cif_beneficiar=${parties.buyer ?? '0000000000000'}`;
    const downloadId = await message(parties.seller!, SIM_MESSAGE_TYPES.T, details, input.xml);
    // The buyer's list has it too when the buyer is a Romanian company (not an individual, not abroad).
    if (!input.b2c && parties.buyer && /^\d{2,10}$/.test(parties.buyer) && parties.buyer !== parties.seller) await message(parties.buyer, SIM_MESSAGE_TYPES.P, details, input.xml);
    return downloadId;
  });
}

/**
 * upload?standard=RASP: a buyer's message about an invoice it received (the invoice's upload index
 * and the text). Refused (an errors message, state nok) unless the sender is that invoice's buyer.
 * Accepted, it becomes a 'MESAJ CUMPARATOR' message in the seller's list and, as the sent copy, in
 * the buyer's own, both downloading as the RASP XML. Answers the upload index.
 */
export async function simUploadRasp(db: Executor, input: { cif: string; xml: string }, now = new Date()) {
  let rasp: ReturnType<typeof readRasp> = null;
  try {
    rasp = readRasp(readXmlTree(input.xml, 64 * 1024));
  } catch {
    rasp = null;
  }
  const [invoice] = rasp
    ? await db
        .select({ seller: efacturaSimUploads.cif })
        .from(efacturaSimMessages)
        .innerJoin(efacturaSimUploads, eq(efacturaSimUploads.uploadIndex, efacturaSimMessages.uploadIndex))
        .where(and(eq(efacturaSimMessages.cif, input.cif), eq(efacturaSimMessages.type, SIM_MESSAGE_TYPES.P), eq(efacturaSimMessages.uploadIndex, Number(rasp.invoiceUploadIndex))))
        .limit(1)
    : [];
  const errors = !rasp
    ? ['Fisierul transmis nu este un mesaj RASP valid (header cu index_incarcare si message).']
    : !invoice
      ? [`Nu exista o factura cu id_incarcare=${rasp.invoiceUploadIndex} primita de cif=${input.cif}.`]
      : [];
  return recordUpload(db, { cif: input.cif, standard: 'RASP', b2c: false, xml: input.xml, errors }, now, async (uploadIndex, message) => {
    if (errors.length > 0 || !rasp || !invoice) {
      return message(input.cif, SIM_MESSAGE_TYPES.E, `Erori de validare identificate la mesajul primit cu id_incarcare=${uploadIndex}`, errorsXml(uploadIndex, input.cif, errors));
    }
    const about = `factura cu id_incarcare=${rasp.invoiceUploadIndex}`;
    await message(invoice.seller, SIM_MESSAGE_TYPES.R, `Mesaj cumparator primit pentru ${about} de la cif_beneficiar=${input.cif}`, input.xml);
    return message(input.cif, SIM_MESSAGE_TYPES.R, `Mesaj cumparator transmis pentru ${about} catre cif_emitent=${invoice.seller}`, input.xml);
  });
}

/** stareMesaj: the upload's state for the company that sent it (null: no such upload for this CUI). */
export async function simUploadState(db: Executor, uploadIndex: number, cifs: string[]) {
  const [row] = await db
    .select({ state: efacturaSimUploads.state, downloadId: efacturaSimUploads.downloadId })
    .from(efacturaSimUploads)
    .where(and(eq(efacturaSimUploads.uploadIndex, uploadIndex), inArray(efacturaSimUploads.cif, cifs)))
    .limit(1);
  return row ?? null;
}

/** A company's messages created in [from, to], oldest first, a page at a time (SIM_PAGE_SIZE), with the total. */
export async function simMessages(db: Executor, cif: string, from: Date, to: Date, filter: SimFilter | null, page: number) {
  const where = and(eq(efacturaSimMessages.cif, cif), between(efacturaSimMessages.createdAt, from, to), filter ? eq(efacturaSimMessages.type, SIM_MESSAGE_TYPES[filter]) : undefined);
  const [{ total }] = (await db.select({ total: sql<number>`count(*)::int` }).from(efacturaSimMessages).where(where)) as [{ total: number }];
  const rows = await db
    .select({ id: efacturaSimMessages.id, cif: efacturaSimMessages.cif, type: efacturaSimMessages.type, uploadIndex: efacturaSimMessages.uploadIndex, details: efacturaSimMessages.details, createdAt: efacturaSimMessages.createdAt })
    .from(efacturaSimMessages)
    .where(where)
    .orderBy(asc(efacturaSimMessages.createdAt), asc(efacturaSimMessages.id))
    .limit(SIM_PAGE_SIZE)
    .offset((page - 1) * SIM_PAGE_SIZE);
  const messages: SimListedMessage[] = rows.map((r) => ({ data_creare: anafStamp(r.createdAt), cif: r.cif, id_solicitare: String(r.uploadIndex), detalii: r.details, tip: r.type, id: String(r.id) }));
  return { total, messages };
}

export type SimDownload = { zip: Buffer } | { eroare: string };

/**
 * descarcare: the message's ZIP (`<id>.xml` and `semnatura_<id>.xml`) for a company whose list shows
 * it, at most SIM_DOWNLOADS_PER_DAY times a Bucharest day (counted in the same statement that checks it).
 */
export async function simDownload(db: Executor, key: Buffer, id: number, cifs: string[], now = new Date()): Promise<SimDownload> {
  const [row] = await db.select({ cif: efacturaSimMessages.cif, xml: efacturaSimMessages.xml }).from(efacturaSimMessages).where(eq(efacturaSimMessages.id, id)).limit(1);
  if (!row) return { eroare: `Pentru id=${id} nu exista inregistrata nici o factura` };
  if (!cifs.includes(row.cif)) return { eroare: 'Nu aveti dreptul sa descarcati acesta factura' };
  const d = efacturaSimDownloads;
  const counted = await db
    .insert(d)
    .values({ messageId: id, day: bucharestDateKey(now), count: 1 })
    .onConflictDoUpdate({ target: [d.messageId, d.day], set: { count: sql`${d.count} + 1` }, setWhere: sql`${d.count} < ${SIM_DOWNLOADS_PER_DAY}` })
    .returning({ count: d.count });
  if (counted.length === 0) return { eroare: `S-au facut deja ${SIM_DOWNLOADS_PER_DAY} descarcari de mesaj in cursul zilei` };
  return { zip: await zipOf([{ name: `${id}.xml`, data: row.xml }, { name: `semnatura_${id}.xml`, data: signatureXml(key, id, row.xml) }]) };
}
