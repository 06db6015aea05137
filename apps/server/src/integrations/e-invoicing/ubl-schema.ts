import fs from 'node:fs';
import path from 'node:path';
import { ParseOption, XmlBufferInputProvider, XmlDocument, XmlError, XmlLibError, XsdValidator, xmlRegisterInputProvider } from 'libxml2-wasm';

/*
 * The UBL 2.1 schema step of the official check (issue 26: it was 1 s a document when every call
 * parsed the 16 XSDs again): libxml2 compiled to WebAssembly (libxml2-wasm), the Invoice and the
 * CreditNote schemas each parsed once per process at first use and kept. Only the XSDs of
 * data/efactura/xsd/ can be read while they are parsed (a provider of those files' bytes under a
 * name of their own, never the disk), and a checked document is parsed without loading anything.
 */

/** Where the schemas' files live for libxml2: a name no real path or URL has, so the provider answers only them. */
const ROOT = '/colete-efactura-xsd/';
const MAIN = { invoice: 'maindoc/UBL-Invoice-2.1.xsd', creditNote: 'maindoc/UBL-CreditNote-2.1.xsd' } as const;
type Kind = keyof typeof MAIN;
const CREDIT_NOTE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2';
const DOCUMENT_OPTIONS = ParseOption.XML_PARSE_NOENT | ParseOption.XML_PARSE_NO_XXE | ParseOption.XML_PARSE_NONET;

let provided = false;
/** Registers once the provider of the schemas' files (libxml2's providers are process-wide). */
function provideSchemas(xsdFolder: string) {
  if (provided) return;
  const files: Record<string, Uint8Array> = {};
  for (const sub of ['maindoc', 'common']) {
    for (const f of fs.readdirSync(path.join(xsdFolder, sub))) files[`${ROOT}${sub}/${f}`] = fs.readFileSync(path.join(xsdFolder, sub, f));
  }
  if (!xmlRegisterInputProvider(new XmlBufferInputProvider(files))) throw new Error('the UBL schemas could not be registered with libxml2');
  provided = true;
}

const validators: Partial<Record<Kind, { xsd: XmlDocument; validator: XsdValidator }>> = {};
/** The kind's validator, built at its first use (a few hundred ms: the schema and the common schemas it imports) and kept for the process. */
function validatorOf(kind: Kind, xsdFolder: string) {
  const kept = validators[kind];
  if (kept) return kept.validator;
  provideSchemas(xsdFolder);
  const url = `${ROOT}${MAIN[kind]}`;
  const xsd = XmlDocument.fromBuffer(fs.readFileSync(path.join(xsdFolder, MAIN[kind])), { url });
  try {
    const validator = XsdValidator.fromDoc(xsd);
    validators[kind] = { xsd, validator };
    return validator;
  } catch (err) {
    xsd.dispose();
    throw err;
  }
}

/** libxml2's diagnostics as xmllint words them ('Schemas validity error : Element ...'), one line each. */
function messagesOf(err: XmlError, prefix: string) {
  const details = err instanceof XmlLibError ? err.details : [];
  const lines = details.filter((d) => d.level >= 2).map((d) => `${prefix} : ${d.message.trim()}`);
  return lines.length > 0 ? lines : [`${prefix} : ${err.message.trim()}`];
}

/**
 * What the UBL 2.1 schema finds wrong in `xml` (nothing: valid): an Invoice is checked against the
 * Invoice schema, a CreditNote (its root in UBL's CreditNote namespace) against the CreditNote's.
 */
export function ublSchemaErrors(xml: string, xsdFolder: string): string[] {
  let doc: XmlDocument;
  try {
    // The string is already decoded: its bytes are UTF-8 whatever its declaration says. A DOCTYPE's own
    // entities are replaced (the schema cannot validate a reference), an external one is never loaded.
    doc = XmlDocument.fromString(xml, { encoding: 'utf-8', option: DOCUMENT_OPTIONS });
  } catch (err) {
    if (err instanceof XmlError) return messagesOf(err, 'parser error');
    throw err;
  }
  try {
    const root = doc.root;
    const validator = validatorOf(root.name === 'CreditNote' && root.namespaceUri === CREDIT_NOTE_NS ? 'creditNote' : 'invoice', xsdFolder);
    try {
      validator.validate(doc);
      return [];
    } catch (err) {
      // A document libxml2 cannot validate at all ('Invalid input or internal error') is refused too, never thrown.
      if (err instanceof XmlError) return messagesOf(err, 'Schemas validity error');
      throw err;
    }
  } finally {
    doc.dispose();
  }
}
