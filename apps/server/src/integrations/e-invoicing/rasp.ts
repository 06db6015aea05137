import { create } from 'xmlbuilder2';
import type { XmlElement } from '../../lib/xml-tree.js';

/*
 * A buyer's message to the seller of an invoice (issue 25): e-Factura's RASP standard, uploaded with
 * `upload?standard=RASP&cif=<buyer>`. It is a `header` in the namespace below naming the invoice by
 * its upload index, with the text in `message`; the seller's list shows it as a 'MESAJ CUMPARATOR'
 * message, and so does the buyer's own (the sent copy), both downloading as this same XML.
 */
export const RASP_NS = 'mfp:anaf:dgti:spv:reqMesaj:v1';

/** The RASP document of a message about the invoice uploaded with this index. */
export function raspXml(invoiceUploadIndex: string, message: string): string {
  return create({ version: '1.0', encoding: 'UTF-8' })
    .ele(RASP_NS, 'header', { index_incarcare: invoiceUploadIndex, message })
    .end({ prettyPrint: false });
}

/** A RASP document read back: the invoice's upload index and the text (null when the root is not one). */
export function readRasp(root: XmlElement): { invoiceUploadIndex: string; message: string } | null {
  if (root.name !== 'header' || root.namespace !== RASP_NS) return null;
  const index = root.attributes.index_incarcare;
  const message = root.attributes.message;
  if (!index || !/^\d{1,18}$/.test(index) || message === undefined) return null;
  return { invoiceUploadIndex: index, message };
}
