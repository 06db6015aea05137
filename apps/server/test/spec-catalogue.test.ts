import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * The Romanian texts against the specification: every text quoted in the built areas of
 * ../shared/spec/ appears letter for letter in the product's texts, so the message tests compare
 * with the specification, not with themselves. The quotes are read from the documents here, by the
 * sections in SECTIONS; the product's texts are the string literals, template literals and JSX
 * texts of the contract (its catalogue, messages.ts, and the labels it keeps beside its rules) and
 * of the web app.
 */

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const specDir = path.resolve(repo, '../shared/spec');
const FILES: Record<string, string> = {
  '000': '000_3ee7704d43100883.txt',
  '001': '001_a983f1f8782d89bb.txt',
  '002': '002_19968411e85d876d.txt',
};

type Section = {
  file: keyof typeof FILES;
  /** The first line of the range starts with this (trimmed); undefined: the document's start. */
  from?: string;
  /** The line that ends the range (not included) starts with this; undefined: the document's end. */
  to?: string;
  area: string;
  /** Quotes of the range that are not product texts of a built area, each with why. */
  except?: Record<string, string>;
};

/** The built areas (spec/README.md, and since issues 13-15 and 17 the store, repayments and balances): not the e-invoice lists, customers, referrals, dashboard. */
const SECTIONS: Section[] = [
  { file: '000', area: 'settings, card subscriptions, billing data and invoicing, the e-Factura connection, pick-up points: the whole document is built' },
  {
    file: '001',
    from: '### Templates landing page',
    to: '### Online-store integration dialogs and forms',
    area: 'templates landing page, order templates and their editor, the return-form builder, packaging',
    except: { additional: "the option's field name, not a text" },
  },
  { file: '001', from: '**Address (address book)**', to: '**Order template**', area: 'the address book entry and its full address line' },
  {
    file: '001',
    from: '**Template**:',
    to: '**Quantity to move**',
    area: 'template, logo and builder rules; the address form, contact and picker rules the address book and the template editor share',
  },
  { file: '001', from: '- Template delete:', to: '- Failures of the list and packaging calls', area: 'order template and builder messages' },
  { file: '001', from: '## 9.', area: "the builder's defaults" },
  { file: '002', from: '- Loading: spinner', to: '- Account-configuration error screen', area: "a shipment's page: loading and the retry block" },
  { file: '002', from: "- 'Optiuni extra'", to: '- A card menu offers', area: 'the new shipment: extra options and courier list headings' },
  { file: '002', from: '- Extra options:', to: '- Fulfilled order block:', area: 'the new shipment: extra options, courier offers and activation buttons' },
  { file: '002', from: "- sender 'De la:'", to: '- an info button', area: "a shipment's sender, recipient, AWB and label download" },
  { file: '002', from: '- Offers are hidden and the notice', to: '### 4.5 Orders list', area: 'the offers notice for an invalid draft and the activation spinner' },
  { file: '002', from: '- Activation failed:', to: '- Move failed:', area: 'activation and save-for-later messages' },
  {
    file: '002',
    from: '- Address success:',
    to: '- AWB copied:',
    area: 'address book messages',
    except: { 'Adresa a fost actualizata cu succes!': "the store's address association (the store is not built)" },
  },
  {
    file: '002',
    from: '- AWB copied:',
    to: '- Bulk activation failed:',
    area: "AWB copy and label download messages, the bulk dialog's copy",
  },
  { file: '002', from: '- Bulk activation result dialog:', to: '### 2.2 Store orders list', area: 'bulk activation: the preview and the result dialog' },
  {
    file: '002',
    from: '- Bulk activation failed:',
    to: '- The account-check call failing',
    area: 'bulk activation: the failure and the per-order reasons',
    except: { 'Comanda #n nu a putut fi activata (reasons)': "the row's pattern: STORE_BULK_MESSAGES.orderFailed fills in the reasons' texts" },
  },
  {
    file: '002',
    from: '- Orders list fetch failure:',
    to: '### Repayments and balances',
    area: 'the shipments list: load failure and empty state',
    except: { 'A aparut o eroare in preluarea comenzilor!': "the spec's alternative wording; the catalogue keeps the first" },
  },
  { file: '002', from: '- Connect failure:', to: '- Load connected companies failure:', area: "the e-Factura connection's failure" },
  { file: '002', from: '### 2.1 Store order page', to: '### 2.3 Repayments', area: 'the store: the order page and the orders list' },
  { file: '002', from: '### 2.3 Repayments', to: '### 2.5 Other dialogs', area: 'repayments and the balance views' },
  { file: '002', from: '## 4. States and transitions', to: '### 4.7 Invoice company chooser', area: 'the states of the store order, the offers, the orders list and the repayments' },
  {
    file: '002',
    from: '- Services could not be fetched:',
    to: '### E-invoicing',
    area: 'the store, repayments and balances messages',
    except: {
      'Comanda #n nu a putut fi activata (reasons)': "the row's pattern: STORE_BULK_MESSAGES.orderFailed fills in the reasons' texts",
      'A aparut o eroare in preluarea comenzilor!': "the spec's alternative wording; the catalogue keeps the first",
      'Nu există firme disponibile pentru conectare.': 'the e-invoicing company selector (not built: the e-invoicing lists)',
    },
  },
];

// ---------- the quotes of the specification ----------

/** A quote: between single quotes that are not an apostrophe inside a word ("user's"). */
const QUOTE = /(?<![A-Za-z])'([^'\n]+?)'(?![A-Za-z])/g;

function readSpec(name: string) {
  return fs.readFileSync(path.join(specDir, name), 'utf8');
}

/** The buttons the README says are described in English (they get Romanian labels of our own). */
const english = new Set([...(/described in English \(([^)]*)\)/.exec(readSpec('README.md'))?.[1] ?? '').matchAll(QUOTE)].map((m) => m[1]!));

type Quote = { text: string; where: string; area: string };

function quotesOf(section: Section): { quotes: Quote[]; problems: string[] } {
  const lines = readSpec(FILES[section.file]!).split('\n');
  const problems: string[] = [];
  const start = section.from === undefined ? 0 : lines.findIndex((l) => l.trim().startsWith(section.from!));
  if (start < 0) problems.push(`${section.file}: no line starts with ${JSON.stringify(section.from)}`);
  const endAt = section.to === undefined ? -1 : lines.findIndex((l, i) => i > start && l.trim().startsWith(section.to!));
  if (section.to !== undefined && endAt < 0) problems.push(`${section.file}: no line after the start starts with ${JSON.stringify(section.to)}`);
  const end = endAt < 0 ? lines.length : endAt;
  const quotes: Quote[] = [];
  for (let i = Math.max(start, 0); i < end; i += 1) {
    for (const m of lines[i]!.matchAll(QUOTE)) {
      const text = m[1]!;
      if (!/[A-Za-z].*[A-Za-z]/.test(text) || english.has(text) || section.except?.[text]) continue;
      quotes.push({ text, where: `${FILES[section.file]}:${i + 1}`, area: section.area });
    }
  }
  for (const text of Object.keys(section.except ?? {})) {
    if (!lines.slice(Math.max(start, 0), end).some((l) => l.includes(`'${text}'`))) problems.push(`${section.file}: the exception ${JSON.stringify(text)} is not quoted in its range`);
  }
  return { quotes, problems };
}

/** The spec's placeholders: '{product}' is the word "pachet"; run-time values ({quantity}, N, #n) match any value. */
const HOLE = '\u0001';
function canonicalQuote(text: string) {
  return text
    .replace(/^\{product\}/, 'Pachet')
    .replace(/\{product\}/g, 'pachet')
    .replace(/#n\b/g, `#${HOLE}`)
    .replace(/\{[^}]+\}|\bN\b/g, HOLE);
}

// ---------- the product's texts ----------

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Every text unit: a string literal, a template literal (its expressions as holes), a JSX element's text (its expressions as holes). */
function productTexts(): Set<string> {
  const texts = new Set<string>();
  const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
  for (const file of [...sourceFiles(path.join(repo, 'packages/contract/src')), ...sourceFiles(path.join(repo, 'apps/web/src'))]) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) texts.add(node.text);
      else if (ts.isTemplateExpression(node)) texts.add(node.head.text + node.templateSpans.map((s) => HOLE + s.literal.text).join(''));
      else if (ts.isJsxElement(node) || ts.isJsxFragment(node)) {
        // A run of text and expressions between child elements reads as one text.
        let run = '';
        const flush = () => {
          if (squash(run).replace(new RegExp(HOLE, 'g'), '')) texts.add(squash(run));
          run = '';
        };
        for (const child of node.children) {
          if (ts.isJsxText(child)) run += child.text;
          else if (ts.isJsxExpression(child)) {
            const inner = child.expression;
            run += inner && (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) ? inner.text : HOLE;
          } else flush();
        }
        flush();
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return texts;
}

function found(quote: string, texts: Set<string>, endings: string[]) {
  // '... este invalid!' continues the quote before it: some text ends with it.
  if (quote.startsWith('...')) return endings.some((t) => t.endsWith(quote.slice(3).trim()));
  return texts.has(canonicalQuote(quote));
}

describe('the Romanian texts against the specification', () => {
  const texts = productTexts();
  const endings = [...texts];
  const results = SECTIONS.map((s) => ({ section: s, ...quotesOf(s) }));

  it('reads the specification by the sections of the table', () => {
    expect(results.flatMap((r) => r.problems)).toEqual([]);
    for (const r of results) expect(r.quotes.length, `no quote in ${r.section.file} ${r.section.area}`).toBeGreaterThan(0);
    expect(english.size, "the README's list of buttons described in English").toBeGreaterThan(3);
    expect(results.flatMap((r) => r.quotes).length).toBeGreaterThan(75);
  });

  for (const s of SECTIONS) {
    it(`${s.file}: ${s.area}`, () => {
      const { quotes } = quotesOf(s);
      const missing = quotes.filter((q) => !found(q.text, texts, endings)).map((q) => `${q.where} '${q.text}'`);
      expect(missing, 'quoted in the specification but not a text of the product, letter for letter').toEqual([]);
    });
  }
});
