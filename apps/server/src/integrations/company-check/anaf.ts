import type { Executor } from '../../db/client.js';
import { bucharestDateKey } from '../../lib/dates.js';
import { windowSlot } from '../../lib/rate-limit.js';
import type { CompanyCheck, CompanyLookup, RegisteredAddress } from './company-check.js';

export const ANAF_TVA_URL = 'https://webservicesp.anaf.ro/api/PlatitorTvaRest/v9/tva';
/** The public service allows one call per second. */
const MIN_INTERVAL_MS = 1000;

/** One company of the answer's `found` list: only the fields we read (integrations.md). */
type AnafFound = {
  date_generale?: { cui?: number | string; denumire?: string; nrRegCom?: string; stare_inregistrare?: string; codPostal?: string };
  adresa_sediu_social?: {
    sdenumire_Strada?: string;
    snumar_Strada?: string;
    sdenumire_Localitate?: string;
    sdenumire_Judet?: string;
    scod_Postal?: string;
    sdetalii_Adresa?: string;
  };
  inregistrare_scop_Tva?: { scpTVA?: boolean };
  stare_inactiv?: { statusInactivi?: boolean; dataRadiere?: string };
};
type AnafAnswer = { found?: AnafFound[]; notFound?: unknown[] };

/** Spaces calls at least `intervalMs` apart, in the order they were asked. */
export function callSpacer(intervalMs: number, sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))) {
  let next = 0;
  let chain: Promise<void> = Promise.resolve();
  return () => {
    const turn = chain.then(async () => {
      const wait = next - Date.now();
      if (wait > 0) await sleep(wait);
      next = Date.now() + intervalMs;
    });
    chain = turn;
    return turn;
  };
}

// One spacer for the whole process: the limit is the service's, however many adapters we make.
const processSpacer = callSpacer(MIN_INTERVAL_MS);

/** How long a call waits for its turn at the register before it gives up (the caller answers 'try later'). */
const SHARED_WAIT_MS = 30_000;

/**
 * The register's one call a second for the whole platform (issue 28): each call takes the second's
 * slot in the database (lib/rate-limit.ts's windows), so the instances together never call more
 * often than one of them alone; a call finding the slot taken tries again a quarter of a second
 * later (the sliding window lets the next call through one to two seconds after the last).
 */
export function sharedSpacer(db: Executor, opts: { now?: () => number; sleep?: (ms: number) => Promise<void> } = {}) {
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  return async () => {
    const until = now() + SHARED_WAIT_MS;
    while (!(await windowSlot(db, 'anaf-register', 'all', 1, MIN_INTERVAL_MS, now()))) {
      if (now() >= until) throw new Error('the tax authority\'s register: no free second to call it within 30 s');
      await sleep(MIN_INTERVAL_MS / 4);
    }
  };
}

/** Deregistered ('RADIERE ...') or on the inactive taxpayers' list: not a company to invoice. */
function isActive(company: AnafFound): boolean {
  const state = company.date_generale?.stare_inregistrare ?? '';
  if (/^\s*RADIER/i.test(state)) return false;
  if (company.stare_inactiv?.dataRadiere) return false;
  return company.stare_inactiv?.statusInactivi !== true;
}

/** The registered office (adresa_sediu_social), or null when the answer has no locality for it. */
function officeOf(company: AnafFound): RegisteredAddress | null {
  const a = company.adresa_sediu_social;
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  if (!a || !text(a.sdenumire_Localitate)) return null;
  return {
    county: text(a.sdenumire_Judet),
    locality: text(a.sdenumire_Localitate),
    street: text(a.sdenumire_Strada),
    number: text(a.snumar_Strada),
    postalCode: text(a.scod_Postal) || text(company.date_generale?.codPostal),
    details: text(a.sdetalii_Adresa),
  };
}

/** Reads the answer; anything not of the documented shape is an error (the entry stays pending). */
export function parseAnafAnswer(cui: string, body: unknown): CompanyLookup {
  const answer = body as AnafAnswer;
  if (!answer || typeof answer !== 'object' || (!Array.isArray(answer.found) && !Array.isArray(answer.notFound))) {
    throw new Error('unexpected answer from the tax authority');
  }
  const company = (answer.found ?? []).find((f) => String(f.date_generale?.cui ?? '') === cui);
  if (!company) {
    if ((answer.notFound ?? []).some((n) => String(n) === cui)) return { found: false };
    throw new Error('the tax authority did not answer for this CUI');
  }
  return {
    found: true,
    name: company.date_generale?.denumire?.trim() ?? '',
    active: isActive(company),
    vatPayer: company.inregistrare_scop_Tva?.scpTVA === true,
    tradeRegister: company.date_generale?.nrRegCom?.trim() || null,
    address: officeOf(company),
  };
}

/**
 * The tax authority's public register (no authentication). Not the default: turned on with
 * COMPANY_CHECK=anaf. Errors come as HTTP errors or as non-JSON pages; both throw.
 */
export function anafCompanyCheck(
  opts: { fetch?: typeof fetch; url?: string; timeoutMs?: number; spacer?: () => Promise<void>; today?: () => Date } = {},
): CompanyCheck {
  const doFetch = opts.fetch ?? fetch;
  const spacer = opts.spacer ?? processSpacer;
  const today = opts.today ?? (() => new Date());
  return {
    name: 'anaf',
    async lookup(cui) {
      await spacer();
      const res = await doFetch(opts.url ?? ANAF_TVA_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        // The register is asked about a calendar day: Romania's, not UTC's (they differ around midnight).
        body: JSON.stringify([{ cui: Number(cui), data: bucharestDateKey(today()) }]),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
      if (!res.ok) throw new Error(`the tax authority answered HTTP ${res.status}`);
      return parseAnafAnswer(cui, await res.json());
    },
  };
}
