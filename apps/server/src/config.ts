import { createHash } from 'node:crypto';
import path from 'node:path';
import { isIP } from 'node:net';
import { isValidRomanianIban, normalizeIban } from '@colete/contract';
import { z } from 'zod';
import { SELLER_ENV, sellerOf, sellerProblem, type SellerConfig } from './config-seller.js';

/** A host name (RFC 1123 labels) or an IPv4/IPv6 address. */
const isHost = (v: string) => isIP(v) !== 0 || /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/.test(v);
/** An address or a CIDR range: what a list of trusted proxies may hold. */
const isAddressOrRange = (v: string) => {
  const [address, bits, ...rest] = v.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};
const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `at most ${max} characters`);

/** Configuration is read and validated once at start; every bad variable is named. */
const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().refine(isHost, 'must be a host name or an IP address').default('0.0.0.0'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().default('.data'),
  /** Tests only (memory://): start from a dump DATA_DIR_DUMP_TO wrote; write one once migrated and seeded. */
  DATA_DIR_FROM: z.string().optional(),
  DATA_DIR_DUMP_TO: z.string().optional(),
  PUBLIC_URL: z.url().optional(),
  COOKIE_SECURE: z.enum(['true', 'false']).optional(),
  /** 'false', the number of proxies in front (e.g. '1'), or their addresses ('10.0.0.1,10.0.0.0/8'). */
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((v) => v !== 'true', "trusting every hop lets clients fake their address: give the number of proxies (e.g. '1') or their addresses")
    .refine(
      (v) => v === 'true' || v === 'false' || /^\d{1,2}$/.test(v) || v.split(',').every((part) => isAddressOrRange(part.trim())),
      "must be 'false', the number of proxies (e.g. '1') or their addresses and ranges ('10.0.0.1,10.0.0.0/8')",
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(48),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().default(30),
  DEMO_SEED: z.enum(['true', 'false']).default('true'),
  JOBS: z.enum(['true', 'false']).default('true'),
  WEB_DIST: text(4096).optional(),
  /** The platform's own bank account: clients may not enter it as their repayment account. */
  PLATFORM_IBAN: z.string().refine((v) => isValidRomanianIban(normalizeIban(v)), 'must be a valid Romanian IBAN (RO + 22 characters)').default('RO49AAAA1B31007593840000'),
  /** 'simulator' (the built-in card processor), 'stripe' (Stripe Checkout and its webhook) or 'off' (no card payments: the prepay page is hidden). */
  PAYMENTS: z.enum(['simulator', 'stripe', 'off']).default('simulator'),
  /** Stripe: the secret API key and the webhook endpoint's signing secret (both required when PAYMENTS=stripe). */
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_..., sk_live_...)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_...)').optional(),
  /** Where Stripe's API answers (tests point it at a local fake). */
  STRIPE_API_BASE: z.url().default('https://api.stripe.com'),
  /** Company look-up for billing data: 'simulator' (built-in demo registry) or 'anaf' (the tax authority's public service). */
  COMPANY_CHECK: z.enum(['simulator', 'anaf']).default('simulator'),
  /** Lets a client change the active billing data while the account is not settled (spec 000 multiCompanySelect). */
  FEATURE_MULTI_COMPANY_SELECT: z.enum(['true', 'false']).default('false'),
  /** Outgoing mail: 'outbox' (kept in the database and shown on the outbox page, nothing leaves) or 'smtp' (sent through SMTP_URL). */
  MAIL: z.enum(['outbox', 'smtp']).default('outbox'),
  /** smtp://user:pass@host:port (STARTTLS when offered) or smtps://... (TLS from the start); required when MAIL=smtp. */
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\/[^/\s]+/.test(v) && URL.canParse(v), 'must look like smtp://user:pass@host:port or smtps://...')
    .optional(),
  /** The sender of every mail: 'Name <address>' or a bare address. */
  MAIL_FROM: z
    .string()
    .refine((v) => /^(?:[^<>@]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/.test(v.trim()), 'must be an address or Name <address>')
    .default('Colete Online <notificari@colete.local>'),
  /** Outgoing SMS: 'outbox' (kept in the database beside the mail, nothing leaves) or 'twilio' (Twilio's Messages API). */
  SMS: z.enum(['outbox', 'twilio']).default('outbox'),
  TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'must look like AC followed by 32 hex digits').optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
  /** The sender: a Twilio number in E.164 (+40...) or an approved alphanumeric sender id. */
  TWILIO_FROM: z.string().regex(/^(\+[1-9]\d{6,14}|[A-Za-z0-9 ]{1,11})$/, 'must be +<digits> or an alphanumeric sender of at most 11 characters').optional(),
  TWILIO_API_BASE: z.url().default('https://api.twilio.com'),
  /** The platform's company as printed on its invoices (the seller, config-seller.ts), and the invoices' number series. */
  ...SELLER_ENV,
  INVOICE_SERIES: z.string().regex(/^[A-Z]{1,8}$/, 'one to eight capital letters').default('COL'),
  /** e-Invoicing (e-Factura) consent: 'simulator' (built-in consent page and token endpoint) or 'anaf' (logincert.anaf.ro OAuth). */
  EINVOICE: z.enum(['simulator', 'anaf']).default('simulator'),
  EINVOICE_SEND: z.enum(['true', 'false']).default('true'),
  /** The application registered with the tax authority (required when EINVOICE=anaf). */
  ANAF_OAUTH_CLIENT_ID: text(200).optional(),
  ANAF_OAUTH_CLIENT_SECRET: text(500).optional(),
  /** Which e-Factura REST API the real adapter calls (EINVOICE=anaf): ANAF's test or production environment. */
  ANAF_EFACTURA_ENV: z.enum(['test', 'prod']).default('test'),
  /** 32 random bytes in base64 (`openssl rand -base64 32`): encrypts the e-invoicing tokens at rest. */
  TOKEN_ENCRYPTION_KEY: z
    .string()
    .refine((v) => /^[A-Za-z0-9+/]+={0,2}$/.test(v) && Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64 (openssl rand -base64 32)')
    .optional(),
  /** Courier network: 'simulator' (the built-in couriers) or 'sameday' (Sameday's API, with SAMEDAY_USERNAME and SAMEDAY_PASSWORD). */
  COURIERS: z.enum(['simulator', 'sameday']).default('simulator'),
  /** The courier simulator's clock: minutes between two tracking steps (created, picked up, in transit, ...). */
  COURIER_SIM_SPEED: z.coerce.number().positive().default(180),
  /** Days after its delivery a cash on delivery no courier report mentioned is flagged for the admins. */
  REPAYMENT_NOT_REPORTED_DAYS: z.coerce.number().int().min(1).max(60).default(5),
  /**
   * The platform account's bank statements (repayments received): 'simulator' (the built-in bank
   * under /sim/bank/) or 'psd2' (the bank's Berlin Group NextGenPSD2 API, with BANK_API_BASE,
   * BANK_ACCOUNT_ID, BANK_CONSENT_ID and BANK_ACCESS_TOKEN).
   */
  BANK: z.enum(['simulator', 'psd2']).default('simulator'),
  BANK_API_BASE: z.url().optional(),
  BANK_ACCOUNT_ID: text(200).optional(),
  BANK_CONSENT_ID: text(200).optional(),
  BANK_ACCESS_TOKEN: z.string().min(1).max(4000).optional(),
  /** Sameday's sandbox by default; https://api.sameday.ro creates real, billable AWBs. */
  SAMEDAY_API_BASE: z.url().default('https://sameday-api.demo.zitec.com'),
  SAMEDAY_USERNAME: text(200).optional(),
  SAMEDAY_PASSWORD: z.string().min(1).max(500).optional(),
  /** Online stores: 'simulator' (the built-in Shopify shop under /sim/shopify/) or 'shopify' (real shops, with the app's SHOPIFY_API_KEY and SHOPIFY_API_SECRET). */
  STORE: z.enum(['simulator', 'shopify']).default('simulator'),
  /**
   * The simulated shops' Shopify plan, which sets their Admin GraphQL leaky bucket: 'standard'
   * (2,000 points, 100 restored a second), 'advanced' (4,000 and 200) or 'plus' (20,000 and 1,000).
   */
  STORE_SIM_PLAN: z.enum(['standard', 'advanced', 'plus']).default('standard'),
  /** The Shopify app's client id and client secret (Partner Dashboard or Dev Dashboard, "Client credentials"). */
  SHOPIFY_API_KEY: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, "must be the app's client id (16 to 100 letters, digits, - or _)").optional(),
  SHOPIFY_API_SECRET: z.string().regex(/^[A-Za-z0-9_-]{16,200}$/, "must be the app's client secret (e.g. shpss_ followed by 32 hex digits)").optional(),
  /** Tests only (NODE_ENV=test): the instant the shipping calendar's clock starts from, e.g. a Friday for Saturday delivery. */
  TEST_CLOCK: z.iso.datetime({ offset: true }).optional(),
}).refine((e) => e.MAIL !== 'smtp' || !!e.SMTP_URL, { path: ['SMTP_URL'], message: 'is required when MAIL=smtp' })
  .superRefine((e, ctx) => {
    if (e.SMS !== 'twilio') return;
    for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) {
      if (!e[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when SMS=twilio' });
    }
  })
  // A clock that is not the real one would put real shipments on the wrong day.
  .refine((e) => !e.TEST_CLOCK || e.NODE_ENV === 'test', { path: ['TEST_CLOCK'], message: 'is accepted only with NODE_ENV=test' })
  .superRefine((e, ctx) => {
    for (const name of ['DATA_DIR_FROM', 'DATA_DIR_DUMP_TO'] as const)
      if (e[name] && (e.NODE_ENV !== 'test' || e.DATA_DIR !== 'memory://' || e.DATABASE_URL)) ctx.addIssue({ code: 'custom', path: [name], message: 'is accepted only with NODE_ENV=test and DATA_DIR=memory://' });
  })
  // A real courier cannot run without its account: refuse to start, naming what is missing.
  .superRefine((e, ctx) => {
    if (e.COURIERS !== 'sameday') return;
    for (const name of ['SAMEDAY_USERNAME', 'SAMEDAY_PASSWORD'] as const) {
      if (!e[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when COURIERS=sameday' });
    }
  })
  // A real bank cannot be read without its PSD2 access: refuse to start, naming what is missing.
  .superRefine((e, ctx) => {
    if (e.BANK !== 'psd2') return;
    for (const name of ['BANK_API_BASE', 'BANK_ACCOUNT_ID', 'BANK_CONSENT_ID', 'BANK_ACCESS_TOKEN'] as const) {
      if (!e[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when BANK=psd2' });
    }
  })
  // A real card processor cannot run half-configured: refuse to start, naming what is missing.
  .superRefine((e, ctx) => {
    if (e.PAYMENTS !== 'stripe') return;
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'PUBLIC_URL'] as const) {
      if (!e[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when PAYMENTS=stripe' });
    }
  })
  // A real store app cannot run without its credentials, a fixed callback address and a real token key.
  .superRefine((e, ctx) => {
    if (e.STORE !== 'shopify') return;
    for (const name of ['SHOPIFY_API_KEY', 'SHOPIFY_API_SECRET', 'PUBLIC_URL', 'TOKEN_ENCRYPTION_KEY'] as const) {
      if (!e[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when STORE=shopify' });
    }
    // Shopify calls the app's redirect URL and webhook address over HTTPS only.
    if (e.PUBLIC_URL && !e.PUBLIC_URL.startsWith('https://')) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'must start with https:// when STORE=shopify (Shopify calls the redirect URL and the webhooks over HTTPS)' });
    }
  })
  // Real e-invoicing tokens are never encrypted with the derivable development key; the tax authority needs a fixed callback address.
  .superRefine((e, ctx) => {
    const seller = sellerProblem(e);
    if (seller) ctx.addIssue({ code: 'custom', path: ['SELLER_CITY'], message: seller });
    if (e.EINVOICE === 'anaf') {
      for (const name of ['ANAF_OAUTH_CLIENT_ID', 'ANAF_OAUTH_CLIENT_SECRET', 'PUBLIC_URL', 'TOKEN_ENCRYPTION_KEY'] as const) {
        if (!e[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when EINVOICE=anaf' });
      }
    } else if (e.NODE_ENV === 'production' && e.DATABASE_URL && !e.TOKEN_ENCRYPTION_KEY) {
      ctx.addIssue({ code: 'custom', path: ['TOKEN_ENCRYPTION_KEY'], message: 'is required in production (NODE_ENV=production with DATABASE_URL)' });
    }
  });

export type Config = {
  port: number;
  host: string;
  env: 'development' | 'production' | 'test';
  /** postgres://... or undefined for embedded PGlite. */
  databaseUrl?: string;
  /** PGlite's data folder; 'memory://' keeps everything in memory. */
  dataDir: string;
  /** Tests only: the in-memory database's starting dump, and where to write one (DATA_DIR_FROM, DATA_DIR_DUMP_TO). */
  dataDirFrom?: string; dataDirDumpTo?: string;
  publicUrl?: string;
  cookieSecure: boolean;
  trustProxy: boolean | number | string;
  logLevel: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  demoSeed: boolean;
  jobs: boolean;
  webDist?: string;
  platformIban: string;
  payments: 'simulator' | 'stripe' | 'off';
  /** Set when payments is 'stripe'. */
  stripe?: { secretKey: string; webhookSecret: string; apiBase: string };
  companyCheck: 'simulator' | 'anaf';
  featureMultiCompanySelect: boolean;
  /** Outgoing mail: kept in the outbox only, or sent through SMTP. */
  mail: 'outbox' | 'smtp';
  smtpUrl?: string;
  mailFrom: string;
  /** Outgoing SMS: kept in the outbox only, or sent through Twilio (with its account when 'twilio'). */
  sms: 'outbox' | 'twilio';
  twilio?: { accountSid: string; authToken: string; from: string; apiBase: string };
  seller: SellerConfig;
  invoiceSeries: string;
  /** e-Invoicing consent: the built-in simulator or the tax authority's OAuth (with its registered client when 'anaf'). */
  einvoice: 'simulator' | 'anaf'; einvoiceSend: boolean;
  anafOAuth?: { clientId: string; clientSecret: string };
  /** e-Factura's REST environment for the real adapter: https://api.anaf.ro/{test|prod}/FCTEL/rest. */
  anafEFacturaEnv: 'test' | 'prod';
  /** AES-256 key for the e-invoicing tokens at rest (a stable derived key unless TOKEN_ENCRYPTION_KEY is set). */
  tokenEncryptionKey: Buffer;
  /** The courier network: the built-in simulator or Sameday's API (with its account when 'sameday'). */
  couriers: 'simulator' | 'sameday';
  courierSimMinutesPerStep: number;
  /** Repayments (issue 15): delivered cash on delivery still unreported after this many days is flagged. */
  repaymentNotReportedDays: number;
  /** The platform account's bank statements: the built-in simulator, or the bank's PSD2 API (with its access when 'psd2'). */
  bank: 'simulator' | 'psd2';
  bankApi?: { baseUrl: string; accountId: string; consentId: string; token: string };
  sameday?: { apiBase: string; username: string; password: string };
  /** Online stores: the built-in Shopify simulator or real shops (with the app's credentials when 'shopify'). */
  store: 'simulator' | 'shopify';
  shopifyApp?: { apiKey: string; apiSecret: string };
  /** The simulated shops' leaky bucket: their plan's (STORE_SIM_PLAN), or a test's own. */
  storeSimBucket?: { maximumAvailable: number; restoreRate: number };
  /**
   * The clock of the shipping calendar (offers, Saturday delivery on Fridays, the simulated
   * couriers); the real one unless a test sets it (TEST_CLOCK: starts at that instant and runs on).
   */
  now?: () => Date;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    env: e.NODE_ENV,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR === 'memory://' ? e.DATA_DIR : path.resolve(e.DATA_DIR),
    dataDirFrom: e.DATA_DIR_FROM && path.resolve(e.DATA_DIR_FROM),
    dataDirDumpTo: e.DATA_DIR_DUMP_TO && path.resolve(e.DATA_DIR_DUMP_TO),
    publicUrl: e.PUBLIC_URL,
    cookieSecure: e.COOKIE_SECURE ? e.COOKIE_SECURE === 'true' : (e.PUBLIC_URL ?? '').startsWith('https://'),
    trustProxy: e.TRUST_PROXY === 'false' ? false : /^\d+$/.test(e.TRUST_PROXY) ? Number(e.TRUST_PROXY) : e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    sessionIdleMs: e.SESSION_IDLE_HOURS * 3600_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_DAYS * 86_400_000,
    demoSeed: e.DEMO_SEED === 'true',
    jobs: e.JOBS === 'true',
    webDist: e.WEB_DIST,
    platformIban: e.PLATFORM_IBAN.replace(/\s+/g, '').toUpperCase(),
    payments: e.PAYMENTS,
    stripe:
      e.PAYMENTS === 'stripe' && e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE.replace(/\/+$/, '') }
        : undefined,
    companyCheck: e.COMPANY_CHECK,
    featureMultiCompanySelect: e.FEATURE_MULTI_COMPANY_SELECT === 'true',
    mail: e.MAIL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM.trim(),
    sms: e.SMS,
    twilio:
      e.SMS === 'twilio' && e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM, apiBase: e.TWILIO_API_BASE.replace(/\/+$/, '') }
        : undefined,
    seller: sellerOf(e),
    invoiceSeries: e.INVOICE_SERIES,
    einvoice: e.EINVOICE,
    einvoiceSend: e.EINVOICE_SEND === 'true',
    anafOAuth:
      e.EINVOICE === 'anaf' && e.ANAF_OAUTH_CLIENT_ID && e.ANAF_OAUTH_CLIENT_SECRET
        ? { clientId: e.ANAF_OAUTH_CLIENT_ID, clientSecret: e.ANAF_OAUTH_CLIENT_SECRET }
        : undefined,
    anafEFacturaEnv: e.ANAF_EFACTURA_ENV,
    // The development key is public (derived from a fixed text): fine for simulator tokens on a laptop, never for real ones.
    tokenEncryptionKey: e.TOKEN_ENCRYPTION_KEY
      ? Buffer.from(e.TOKEN_ENCRYPTION_KEY, 'base64')
      : createHash('sha256').update('colete-online development e-invoicing token key').digest(),
    couriers: e.COURIERS,
    courierSimMinutesPerStep: e.COURIER_SIM_SPEED,
    repaymentNotReportedDays: e.REPAYMENT_NOT_REPORTED_DAYS,
    bank: e.BANK,
    bankApi:
      e.BANK === 'psd2' && e.BANK_API_BASE && e.BANK_ACCOUNT_ID && e.BANK_CONSENT_ID && e.BANK_ACCESS_TOKEN
        ? { baseUrl: e.BANK_API_BASE.replace(/\/+$/, ''), accountId: e.BANK_ACCOUNT_ID, consentId: e.BANK_CONSENT_ID, token: e.BANK_ACCESS_TOKEN }
        : undefined,
    sameday:
      e.COURIERS === 'sameday' && e.SAMEDAY_USERNAME && e.SAMEDAY_PASSWORD
        ? { apiBase: e.SAMEDAY_API_BASE.replace(/\/+$/, ''), username: e.SAMEDAY_USERNAME, password: e.SAMEDAY_PASSWORD }
        : undefined,
    store: e.STORE,
    storeSimBucket: SHOPIFY_PLAN_BUCKETS[e.STORE_SIM_PLAN],
    shopifyApp: e.STORE === 'shopify' && e.SHOPIFY_API_KEY && e.SHOPIFY_API_SECRET ? { apiKey: e.SHOPIFY_API_KEY, apiSecret: e.SHOPIFY_API_SECRET } : undefined,
    now: e.TEST_CLOCK ? runningFrom(new Date(e.TEST_CLOCK)) : undefined,
  };
}

/** Shopify's Admin GraphQL buckets by plan: the restore rate a second, twenty seconds of it at most. */
const SHOPIFY_PLAN_BUCKETS = {
  standard: { maximumAvailable: 2_000, restoreRate: 100 },
  advanced: { maximumAvailable: 4_000, restoreRate: 200 },
  plus: { maximumAvailable: 20_000, restoreRate: 1_000 },
} as const;

/** A clock that reads `start` now and runs on at the real pace. */
export function runningFrom(start: Date): () => Date {
  const offset = start.getTime() - Date.now();
  return () => new Date(Date.now() + offset);
}

/**
 * The configuration tests use: in-memory database, no jobs, no demo data unless asked. The
 * simulated shops are on Shopify Plus: a test reading many orders would otherwise spend most of its
 * time waiting for the Standard bucket to refill; the tests of the throttle set a small bucket.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://', DEMO_SEED: 'false', JOBS: 'false', STORE_SIM_PLAN: 'plus' }),
    databaseUrl: process.env.TEST_DATABASE_URL,
    ...overrides,
  };
}
