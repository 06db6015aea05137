import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';

/*
 * The embedded database answers bytea through Node's own hex decoder (a kept label file of a few
 * MB was read in about a second by PGlite's default parser): the bytes come back as they went in,
 * as a Uint8Array of their own.
 */

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await database.executeSql('CREATE TABLE files (id int PRIMARY KEY, body bytea)', []);
}, 60_000);
afterAll(async () => database?.close());

describe('bytea on PGlite', () => {
  it('reads back every byte value, an empty value and a large one unchanged', async () => {
    const every = Uint8Array.from({ length: 256 }, (_, k) => k);
    const large = Uint8Array.from({ length: 3_000_000 }, (_, k) => (k * 131 + 7) & 255);
    for (const [id, body] of [[1, every], [2, new Uint8Array(0)], [3, large]] as const) await database.executeSql('INSERT INTO files VALUES ($1, $2)', [id, body]);
    const rows = (await database.executeSql('SELECT id, body FROM files WHERE id > $1 ORDER BY id', [0])).rows as { id: number; body: Uint8Array }[];
    expect(rows.map((r) => r.body.length)).toEqual([256, 0, 3_000_000]);
    expect(Buffer.compare(rows[0]!.body, every)).toBe(0);
    expect(Buffer.compare(rows[2]!.body, large)).toBe(0);
    // Its own memory: not a view over Node's shared small-buffer pool.
    expect(rows[0]!.body.byteOffset).toBe(0);
    expect(rows[0]!.body.buffer.byteLength).toBe(256);
  });
});
