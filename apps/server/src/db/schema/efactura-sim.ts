import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/* ---- The built-in e-Factura simulator's own state (the tax authority's side of the OAuth consent) ---- */

/** An authorization code the simulator's consent page handed out: single use, short-lived, bound to its client and redirect_uri. */
export const efacturaSimCodes = pgTable(
  'efactura_sim_codes',
  {
    /** SHA-256 of the code. */
    codeHash: text('code_hash').primaryKey(),
    clientId: text('client_id').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    /** The demo certificate chosen on the consent page and the company its holder represents. */
    certificate: text('certificate').notNull(),
    representedCui: text('represented_cui').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('efactura_sim_codes_expiry_idx').on(t.expiresAt)],
);

/** Tokens the simulator issued: refresh tokens are checked (and rotated) here; a replayed code revokes its tokens. */
export const efacturaSimTokens = pgTable(
  'efactura_sim_tokens',
  {
    /** SHA-256 of the token. */
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind', { enum: ['access', 'refresh'] }).notNull(),
    clientId: text('client_id').notNull(),
    /** The code the first tokens of this chain came from. */
    codeHash: text('code_hash').notNull(),
    certificate: text('certificate').notNull(),
    representedCui: text('represented_cui').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('efactura_sim_tokens_code_idx').on(t.codeHash)],
);

/* ---- The simulator's SPV: uploads, the messages every company's list shows, and their downloads ---- */

/**
 * An upload (upload, uploadb2c): its index (`index_incarcare`, what stareMesaj takes), the company
 * that sent it, the standard (UBL, CN, RASP) and the XML as sent; the state stareMesaj answers, with
 * the download id of its result (the invoice's 'FACTURA TRIMISA' message, or the errors' message).
 */
export const efacturaSimUploads = pgTable(
  'efactura_sim_uploads',
  {
    uploadIndex: bigint('upload_index', { mode: 'number' }).primaryKey(),
    cif: text('cif').notNull(),
    standard: text('standard', { enum: ['UBL', 'CN', 'RASP'] }).notNull(),
    b2c: boolean('b2c').notNull().default(false),
    xml: text('xml').notNull(),
    state: text('state', { enum: ['ok', 'nok', 'in prelucrare'] }).notNull(),
    errors: jsonb('errors').$type<string[]>().notNull().default([]),
    downloadId: bigint('download_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('efactura_sim_uploads_cif_idx').on(t.cif, t.createdAt)],
);

/**
 * A message of a company's list (listaMesajeFactura): its id (what descarcare takes), the company
 * whose list shows it, its type ('FACTURA TRIMISA', 'FACTURA PRIMITA', 'ERORI FACTURA', 'MESAJ
 * CUMPARATOR PRIMIT / MESAJ CUMPARATOR TRANSMIS'), the upload it came from, ANAF's `detalii`, and the
 * XML its ZIP holds (the invoice, the buyer's message, or the errors).
 */
export const efacturaSimMessages = pgTable(
  'efactura_sim_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    cif: text('cif').notNull(),
    type: text('type').notNull(),
    uploadIndex: bigint('upload_index', { mode: 'number' }).notNull(),
    details: text('details').notNull(),
    xml: text('xml').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('efactura_sim_messages_cif_idx').on(t.cif, t.createdAt, t.id)],
);

/** Downloads of a message per Bucharest day (ANAF allows 10 a day per message). */
export const efacturaSimDownloads = pgTable(
  'efactura_sim_downloads',
  {
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    day: date('day').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.day] })],
);
