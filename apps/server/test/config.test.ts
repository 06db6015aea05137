import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

/**
 * Every variable the README documents is validated at start: a bad value stops the server with the
 * variable's name. One row per variable and bad value; the good defaults load.
 */
const BAD: Array<[string, string]> = [
  ['PORT', '70000'],
  ['PORT', 'abc'],
  ['HOST', 'not a host!'],
  ['NODE_ENV', 'staging'],
  ['DATABASE_URL', 'mysql://db'],
  ['PUBLIC_URL', 'colete.example.ro'],
  ['COOKIE_SECURE', 'yes'],
  ['TRUST_PROXY', 'true'],
  ['TRUST_PROXY', 'everyone'],
  ['TRUST_PROXY', '10.0.0.0/40'],
  ['LOG_LEVEL', 'loud'],
  ['SESSION_IDLE_HOURS', '-1'],
  ['SESSION_ABSOLUTE_DAYS', 'zero'],
  ['DEMO_SEED', 'yes'],
  ['JOBS', '1'],
  ['WEB_DIST', '   '],
  ['PLATFORM_IBAN', 'RO49AAAA1B31007593840001'],
  ['PAYMENTS', 'paypal'],
  ['STRIPE_SECRET_KEY', 'pk_test_abc'],
  ['STRIPE_WEBHOOK_SECRET', 'secret'],
  ['STRIPE_API_BASE', 'not a url'],
  ['COMPANY_CHECK', 'registry'],
  ['FEATURE_MULTI_COMPANY_SELECT', 'on'],
  ['MAIL', 'sendmail'],
  ['SMTP_URL', 'http://mail.example.ro'],
  ['MAIL_FROM', 'not an address'],
  ['SMS', 'carrier-pigeon'],
  ['TWILIO_ACCOUNT_SID', 'AC123'],
  ['TWILIO_AUTH_TOKEN', 'short'],
  ['TWILIO_FROM', '0722123456789012345'],
  ['TWILIO_API_BASE', 'twilio'],
  ['SELLER_NAME', '  '],
  ['SELLER_CUI', 'RO45500006'],
  ['SELLER_TRADE_REGISTER', ' '],
  ['SELLER_ADDRESS', ' '],
  ['SELLER_COUNTY', ' '],
  ['SELLER_BANK', ' '],
  ['SELLER_STREET', ' '],
  ['SELLER_CITY', 'Bucuresti'],
  ['SELLER_COUNTY_CODE', 'RO-B'],
  ['SELLER_POSTAL_CODE', '20331'],
  ['INVOICE_SERIES', 'col'],
  ['EINVOICE', 'spv'],
  ['ANAF_OAUTH_CLIENT_ID', ' '],
  ['ANAF_OAUTH_CLIENT_SECRET', ' '],
  ['TOKEN_ENCRYPTION_KEY', 'c2hvcnQ='],
  ['COURIERS', 'dhl'],
  ['COURIER_SIM_SPEED', '0'],
  ['SAMEDAY_API_BASE', 'sameday'],
  ['SAMEDAY_USERNAME', ' '],
  ['STORE', 'woocommerce'],
  ['STORE_SIM_PLAN', 'basic'],
  ['SHOPIFY_API_KEY', 'short'],
  ['SHOPIFY_API_SECRET', 'shpss_ with spaces in it'],
];

describe('configuration', () => {
  it('loads with every default', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.platformIban).toBe('RO49AAAA1B31007593840000');
    expect(config.trustProxy).toBe(false);
    // The seller's address in parts, the same as its printed line (a Bucharest city is its sector).
    expect(config.seller).toMatchObject({ address: 'Str. Fabrica de Glucoza 5, Bucuresti, Sector 2, 020331', street: 'Str. Fabrica de Glucoza 5', city: 'Sectorul 2', countyCode: 'B', postalCode: '020331' });
    expect(loadConfig({ SELLER_CITY: 'Cluj-Napoca', SELLER_COUNTY_CODE: 'CJ' }).seller).toMatchObject({ city: 'Cluj-Napoca', countyCode: 'CJ' });
    // The simulated shops are on Shopify's Standard plan unless STORE_SIM_PLAN says otherwise.
    expect(config.storeSimBucket).toEqual({ maximumAvailable: 2_000, restoreRate: 100 });
    expect(loadConfig({ STORE_SIM_PLAN: 'plus' }).storeSimBucket).toEqual({ maximumAvailable: 20_000, restoreRate: 1_000 });
    expect(loadConfig({ STORE_SIM_PLAN: 'advanced' }).storeSimBucket).toEqual({ maximumAvailable: 4_000, restoreRate: 200 });
  });

  it.each(BAD)('refuses %s=%s and names the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });

  it('accepts the documented forms of TRUST_PROXY and HOST', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8, ::1' }).trustProxy).toBe('10.0.0.1, 10.0.0.0/8, ::1');
    expect(loadConfig({ HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '::' }).host).toBe('::');
    expect(loadConfig({ HOST: 'localhost' }).host).toBe('localhost');
  });

  it('names what a real outside system still needs', () => {
    expect(() => loadConfig({ MAIL: 'smtp' })).toThrow(/SMTP_URL: is required when MAIL=smtp/);
    expect(() => loadConfig({ SMS: 'twilio' })).toThrow(/TWILIO_ACCOUNT_SID: is required when SMS=twilio/);
    expect(() => loadConfig({ COURIERS: 'sameday' })).toThrow(/SAMEDAY_USERNAME: is required when COURIERS=sameday/);
    expect(() => loadConfig({ PAYMENTS: 'stripe' })).toThrow(/STRIPE_SECRET_KEY: is required when PAYMENTS=stripe/);
    expect(() => loadConfig({ EINVOICE: 'anaf' })).toThrow(/ANAF_OAUTH_CLIENT_ID: is required when EINVOICE=anaf/);
    expect(() => loadConfig({ STORE: 'shopify' })).toThrow(/SHOPIFY_API_KEY: is required when STORE=shopify/);
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x' })).toThrow(/TOKEN_ENCRYPTION_KEY: is required in production/);
  });
});
