import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

/*
 * The store's variables are validated at start (issue 13): with STORE=shopify the server refuses to
 * start, naming the variable, when the app's key or secret is missing or malformed, or the public
 * URL is missing or not https; with STORE=simulator none of them is needed.
 */

const KEY = '0123456789abcdef0123456789abcdef';
const SECRET = 'shpss_0123456789abcdef0123456789abcdef';
const TOKEN_KEY = Buffer.alloc(32, 7).toString('base64');
const REAL = { STORE: 'shopify', SHOPIFY_API_KEY: KEY, SHOPIFY_API_SECRET: SECRET, PUBLIC_URL: 'https://colete.example.ro', TOKEN_ENCRYPTION_KEY: TOKEN_KEY };
const without = (name: keyof typeof REAL) => Object.fromEntries(Object.entries(REAL).filter(([k]) => k !== name));
/** The message loadConfig throws, or '' when it loads. */
const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return '';
  } catch (err) {
    return (err as Error).message;
  }
};

describe('the store configuration', () => {
  it('the simulator is the default and needs none of the real app’s variables', () => {
    const config = loadConfig({});
    expect(config.store).toBe('simulator');
    expect(config.shopifyApp).toBeUndefined();
    expect(loadConfig({ STORE: 'simulator', PUBLIC_URL: 'http://localhost:3000' }).store).toBe('simulator');
  });

  it('loads a real Shopify app with its key, secret, https public URL and token key', () => {
    const config = loadConfig(REAL);
    expect(config.store).toBe('shopify');
    expect(config.shopifyApp).toEqual({ apiKey: KEY, apiSecret: SECRET });
    expect(config.publicUrl).toBe('https://colete.example.ro');
  });

  it.each(['SHOPIFY_API_KEY', 'SHOPIFY_API_SECRET', 'PUBLIC_URL', 'TOKEN_ENCRYPTION_KEY'] as const)('refuses STORE=shopify without %s, naming it', (name) => {
    expect(refusal(without(name))).toBe(`Invalid configuration:\n  ${name}: is required when STORE=shopify`);
  });

  it('an empty variable counts as missing', () => {
    expect(refusal({ ...REAL, SHOPIFY_API_SECRET: '' })).toBe('Invalid configuration:\n  SHOPIFY_API_SECRET: is required when STORE=shopify');
  });

  it.each([
    ['SHOPIFY_API_KEY', 'short'],
    ['SHOPIFY_API_KEY', 'has spaces in the client id'],
    ['SHOPIFY_API_SECRET', 'shpss_ with spaces in it'],
    ['SHOPIFY_API_SECRET', 'tooshort'],
  ])('refuses a malformed %s (%s), naming it', (name, value) => {
    expect(refusal({ ...REAL, [name]: value })).toMatch(new RegExp(`^Invalid configuration:\\n  ${name}: must be the app's client`));
  });

  it('refuses a public URL that is not https with STORE=shopify (Shopify calls it over HTTPS only)', () => {
    expect(refusal({ ...REAL, PUBLIC_URL: 'http://colete.example.ro' })).toBe(
      'Invalid configuration:\n  PUBLIC_URL: must start with https:// when STORE=shopify (Shopify calls the redirect URL and the webhooks over HTTPS)',
    );
    expect(refusal({ ...REAL, PUBLIC_URL: 'colete.example.ro' })).toMatch(/^Invalid configuration:\n {2}PUBLIC_URL: /);
  });

  it('names every missing variable at once', () => {
    const message = refusal({ STORE: 'shopify' });
    for (const name of ['SHOPIFY_API_KEY', 'SHOPIFY_API_SECRET', 'PUBLIC_URL', 'TOKEN_ENCRYPTION_KEY']) expect(message).toContain(`  ${name}: is required when STORE=shopify`);
  });
});
