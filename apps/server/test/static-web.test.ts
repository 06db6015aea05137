import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { messages } from '@colete/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helper.js';

// A web build as `vite build` leaves it: hashed assets with their .br and .gz beside them.
const html = `<!doctype html><html lang="ro"><head><title>Colete Online</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;
const script = `export const answer = ${JSON.stringify('x'.repeat(3000))};`;
const ASSET = 'assets/index-Ab12Cd34.js';

let dir: string;
let ctx: TestContext;

function writeWithCompressed(file: string, content: string) {
  writeFileSync(path.join(dir, file), content);
  writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(content));
  writeFileSync(path.join(dir, `${file}.gz`), gzipSync(content));
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'co-web-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeWithCompressed('index.html', html);
  writeWithCompressed(ASSET, script);
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  ctx = await createTestApp({ webDist: dir });
});

afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the web build as served', () => {
  it('a hashed asset goes brotli-compressed to a browser that accepts it, cached for a year', async () => {
    const res = await ctx.app.inject({ url: `/${ASSET}`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('gzip when brotli is not accepted, the plain file when nothing is', async () => {
    const gz = await ctx.app.inject({ url: `/${ASSET}`, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await ctx.app.inject({ url: `/${ASSET}`, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("the app's pages answer index.html, compressed, never cached without asking", async () => {
    for (const url of ['/login', '/profile/orders']) {
      const res = await ctx.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(html);
    }
  });

  it('a missing asset is a 404, not the HTML page (an old page must not run HTML as a script)', async () => {
    for (const url of ['/assets/index-Gone1234.js', '/assets/missing.css', '/assets/']) {
      const res = await ctx.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/^text\/html/);
    }
    // The app's own paths still answer the page.
    expect((await ctx.app.inject({ url: '/assetsx/page' })).statusCode).toBe(200);
  });

  it('files outside assets/ (no hash in their name) are revalidated', async () => {
    const res = await ctx.app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('an unknown path under /api/ or /sim/ answers 404 in JSON for every method, never the page', async () => {
    const paths = [
      '/api',
      '/api/',
      '/api?x=1',
      '/api/nothing-here',
      '/api/user/nothing/deeper?page=2',
      '/api/shipments/offers/extra',
      '/sim',
      '/sim/',
      '/sim?x=1',
      '/sim/nothing-here',
      '/sim/bank/nothing-here',
      '/sim/couriers/colet24/nothing-here',
      '/sim/shopify/nothing/here',
      '/sim/efactura/nothing',
      '/sim/card/abc/3ds/extra',
    ];
    for (const url of paths) {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        const res = await ctx.app.inject({ method, url, headers: { accept: 'text/html,application/xhtml+xml,*/*', 'accept-encoding': 'br' } });
        const where = `${method} ${url}`;
        expect(res.statusCode, where).toBe(404);
        expect(res.headers['content-type'], where).toMatch(/^application\/json/);
        expect(res.json(), where).toEqual({ success: false, message: messages.common.notFound });
      }
    }
    // A known path with a method it does not take is unknown too.
    const wrongMethod = await ctx.app.inject({ method: 'DELETE', url: '/api/user/profile' });
    expect(wrongMethod.statusCode).toBe(404);
    expect(wrongMethod.json()).toEqual({ success: false, message: messages.common.notFound });
    // The app's own pages that merely start with the same letters are still the page.
    for (const url of ['/apiary', '/simulare', '/simple/page']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    }
  });
});
