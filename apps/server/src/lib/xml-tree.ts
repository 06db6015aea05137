import { SaxesParser, type SaxesTagNS } from 'saxes';

/**
 * A small XML document (an e-invoice, a tax authority's answer) read into a tree, safely: a DOCTYPE
 * (and with it every DTD and external entity) is refused, and the text is capped before parsing.
 * Element names are their local names (the prefix dropped); the root's namespace is kept, so a
 * caller tells an Invoice from a CreditNote or an error message by `root` and `namespace`.
 */
export class XmlTreeError extends Error {}

export type XmlElement = {
  name: string;
  namespace: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
};

/** At most this many characters read (ANAF's upload limit is 10 MB). */
export const XML_TREE_MAX_CHARS = 10 * 1024 * 1024;

export function readXmlTree(xml: string, maxChars = XML_TREE_MAX_CHARS): XmlElement {
  if (xml.length > maxChars) throw new XmlTreeError('too large');
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let failure: XmlTreeError | null = null;
  const fail = (why: string) => {
    failure ??= new XmlTreeError(why);
    throw failure;
  };
  parser.on('doctype', () => fail('doctype'));
  parser.on('error', (err) => fail(`not xml: ${err.message}`));
  parser.on('opentag', (tag: SaxesTagNS) => {
    const attributes: Record<string, string> = {};
    for (const a of Object.values(tag.attributes)) if (a.prefix !== 'xmlns' && a.name !== 'xmlns') attributes[a.local] = a.value;
    const element: XmlElement = { name: tag.local, namespace: tag.uri, attributes, children: [], text: '' };
    const parent = stack.at(-1);
    if (parent) parent.children.push(element);
    else if (root) fail('two roots');
    else root = element;
    stack.push(element);
  });
  const onText = (t: string) => {
    const top = stack.at(-1);
    if (top) top.text += t;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => void stack.pop());
  try {
    parser.write(xml).close();
  } catch (err) {
    throw err instanceof XmlTreeError ? err : (failure ?? new XmlTreeError('not xml'));
  }
  if (!root) throw new XmlTreeError('not xml');
  return root;
}

/** The first child (or descendant along `path`) with these local names. */
export function child(element: XmlElement | undefined, ...path: string[]): XmlElement | undefined {
  let at = element;
  for (const name of path) at = at?.children.find((c) => c.name === name);
  return at;
}

/** Every child with this local name. */
export const childrenNamed = (element: XmlElement | undefined, name: string) => element?.children.filter((c) => c.name === name) ?? [];

/** The trimmed text along `path`, or null when absent or blank. */
export function textAt(element: XmlElement | undefined, ...path: string[]): string | null {
  return child(element, ...path)?.text.trim() || null;
}
