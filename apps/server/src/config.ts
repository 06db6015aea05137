import path from 'node:path';
import { z } from 'zod';

/** Configuration is read and validated once at start; every bad variable is named. */
const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().default('.data'),
  PUBLIC_URL: z.url().optional(),
  COOKIE_SECURE: z.enum(['true', 'false']).optional(),
  /** 'false', the number of proxies in front (e.g. '1'), or their addresses ('10.0.0.1,10.0.0.0/8'). */
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((v) => v !== 'true', "trusting every hop lets clients fake their address: give the number of proxies (e.g. '1') or their addresses"),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(48),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().default(30),
  DEMO_SEED: z.enum(['true', 'false']).default('true'),
  JOBS: z.enum(['true', 'false']).default('true'),
  WEB_DIST: z.string().optional(),
  /** The platform's own bank account: clients may not enter it as their repayment account. */
  PLATFORM_IBAN: z.string().default('RO49AAAA1B31007593840000'),
  /** 'simulator' (the built-in card processor) or 'off' (no card payments: the prepay page is hidden). */
  PAYMENTS: z.enum(['simulator', 'off']).default('simulator'),
  /** Company look-up for billing data: 'simulator' (built-in demo registry) or 'anaf' (the tax authority's public service). */
  COMPANY_CHECK: z.enum(['simulator', 'anaf']).default('simulator'),
  /** Lets a client change the active billing data while the account is not settled (spec 000 multiCompanySelect). */
  FEATURE_MULTI_COMPANY_SELECT: z.enum(['true', 'false']).default('false'),
});

export type Config = {
  port: number;
  host: string;
  env: 'development' | 'production' | 'test';
  /** postgres://... or undefined for embedded PGlite. */
  databaseUrl?: string;
  /** PGlite's data folder; 'memory://' keeps everything in memory. */
  dataDir: string;
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
  payments: 'simulator' | 'off';
  companyCheck: 'simulator' | 'anaf';
  featureMultiCompanySelect: boolean;
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
    companyCheck: e.COMPANY_CHECK,
    featureMultiCompanySelect: e.FEATURE_MULTI_COMPANY_SELECT === 'true',
  };
}

/** The configuration tests use: in-memory database, no jobs, no demo data unless asked. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://', DEMO_SEED: 'false', JOBS: 'false' }),
    databaseUrl: process.env.TEST_DATABASE_URL,
    ...overrides,
  };
}
