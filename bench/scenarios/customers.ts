import { normalizeText, searchWords } from '@colete/contract';
import { customers } from '../../apps/server/src/db/schema.js';
import { between, pick, stripDiacritics } from '../lib/random.js';
import type { BenchRequest, Scenario } from '../lib/types.js';
import { signedInClient } from './shipments.js';

/**
 * The customer book's search (issue 27): a client with 100,000 customers (beside another client's
 * 50,000), searched by name as someone types in the list's box: the start of a first or last name
 * (2 to 6 letters, mostly without diacritics), sometimes two words, sometimes no search, pages 1
 * to 5 of 5 to 20 rows, each with its count. PostgreSQL only (the target is PostgreSQL's).
 */

const CUSTOMERS = 100_000;
const OTHERS = 50_000;
const FIRST = ['Ștefan', 'Ion', 'Ioana', 'Maria', 'Andrei', 'Elena', 'Mihai', 'Ana', 'Alexandru', 'Cristina', 'Gheorghe', 'Mădălina', 'Răzvan', 'Bianca', 'Tudor', 'Irina', 'Vlad', 'Oana', 'Bogdan', 'Larisa', 'Cătălin', 'Diana', 'Florin', 'Roxana', 'Sorin', 'Teodora', 'Radu', 'Simona', 'Adrian', 'Alina'];
const LAST = ['Popescu', 'Ionescu', 'Popa', 'Pop', 'Rădulescu', 'Dumitru', 'Stan', 'Stoica', 'Gheorghe', 'Matei', 'Ciobanu', 'Constantin', 'Mureșan', 'Ţăranu', 'Șerban', 'Lungu', 'Moldovan', 'Munteanu', 'Dinu', 'Florea', 'Niță', 'Bălan', 'Marin', 'Tănase', 'Cojocaru', 'Barbu', 'Neagu', 'Enache', 'Vasile', 'Toma'];
const COMPANY = ['Transport', 'Distributie', 'Comert', 'Logistic', 'Mobila', 'Textile', 'Agro', 'Construct', 'Tehnic', 'Print'];

function nameOf(random: () => number, k: number) {
  if (k % 5 === 0) return `${pick(random, LAST)} ${pick(random, COMPANY)} SRL`;
  return `${pick(random, FIRST)} ${pick(random, LAST)}`;
}

async function fill(db: Parameters<Scenario['prepare']>[0]['database']['db'], random: () => number, userId: number, count: number) {
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, i) => {
      const name = nameOf(random, start + i);
      return {
        userId,
        type: (start + i) % 5 === 0 ? ('company' as const) : ('individual' as const),
        name,
        nameKey: normalizeText(name),
        searchWords: searchWords(name),
        phone: `+4072${String(start + i).padStart(7, '0')}`,
        source: 'import' as const,
      };
    });
    await db.insert(customers).values(rows);
  }
}

export const customersSearchScenario: Scenario = {
  name: 'customers-search',
  description: `POST /api/user/customer/list of a client with ${CUSTOMERS.toLocaleString('en')} customers: name searches by word start without case or diacritics, pages of 5-20`,
  targetP95Ms: 20,
  onlyOn: 'PostgreSQL',
  async prepare(ctx) {
    const client = await signedInClient(ctx, 'customers');
    const other = await signedInClient(ctx, 'customers-other');
    const started = performance.now();
    await fill(ctx.database.db, ctx.random, client.user.id, CUSTOMERS);
    await fill(ctx.database.db, ctx.random, other.user.id, OTHERS);
    await ctx.database.executeSql('VACUUM ANALYZE customers');
    await ctx.database.executeSql('VACUUM ANALYZE customer_name_words');
    console.log(`  customers-search: ${(CUSTOMERS + OTHERS).toLocaleString('en')} customers written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const requests: BenchRequest[] = [];
    const typed = (word: string) => {
      const text = word.slice(0, between(ctx.random, 2, 6)).toLowerCase();
      return ctx.random() < 0.6 ? stripDiacritics(text) : text;
    };
    for (let i = 0; i < 300; i++) {
      const r = ctx.random();
      const search = r < 0.1 ? '' : r < 0.3 ? `${pick(ctx.random, FIRST)} ${typed(pick(ctx.random, LAST))}` : typed(pick(ctx.random, ctx.random() < 0.5 ? FIRST : LAST));
      const body = { search, page: between(ctx.random, 1, 5), limit: pick(ctx.random, [5, 10, 15, 20]) };
      requests.push({ method: 'POST', path: '/api/user/customer/list', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    }
    return { requests, headers: client.headers };
  },
};
