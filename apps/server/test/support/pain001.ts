import { readFileSync } from 'node:fs';
import { validateXML } from 'xmllint-wasm';

const XSD = readFileSync(new URL('./iso20022/pain.001.001.03.xsd', import.meta.url), 'utf8');

/** Validates a pain.001 file against the ISO 20022 schema (libxml2's xmllint, compiled to WebAssembly). */
export async function validatePain001(xml: string) {
  const result = await validateXML({ xml: [{ fileName: 'pain.xml', contents: xml }], schema: [{ fileName: 'pain.001.001.03.xsd', contents: XSD }] });
  return { valid: result.valid, errors: result.errors.map((e) => e.message) };
}
