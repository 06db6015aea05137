import { sql } from 'drizzle-orm';
import { LEDGER_KINDS } from '@colete/contract';
import type { AwbFormat, TMailSettings, TReturnAnswerView, TSmsSettings, TTemplateOptions } from '@colete/contract';
import { bigint, bigserial, boolean, customType, doublePrecision, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Binary data (a template's logo); node-postgres and PGlite both read it as a Buffer/Uint8Array. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    /** 1 client, 2 admin. */
    userType: smallint('user_type').notNull().default(1),
    accountType: text('account_type', { enum: ['company', 'individual'] }).notNull(),
    referralCode: text('referral_code').notNull(),
    workingTimeStart: text('working_time_start'),
    workingTimeEnd: text('working_time_end'),
    bankAccount: text('bank_account'),
    bankAccountHolder: text('bank_account_holder'),
    bankName: text('bank_name'),
    repaymentSendInterval: integer('repayment_send_interval'),
    repaymentSendMinAmount: integer('repayment_send_min_amount'),
    repaymentWaitPending: integer('repayment_wait_pending'),
    /** Contact data of the billing area (spec 000 section 3): null until the user fills it in. */
    contactGivenName: text('contact_given_name'),
    contactFamilyName: text('contact_family_name'),
    contactPhone: text('contact_phone'),
    /** prepaid: shipments are charged to the balance; postpaid: invoiced afterwards (set by an admin). */
    paymentType: text('payment_type', { enum: ['prepaid', 'postpaid'] }).notNull().default('prepaid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_referral_code_key').on(t.referralCode),
    // The admin's client list: clients by name.
    index('users_type_name_idx').on(t.userType, t.name, t.id),
  ],
);

/** Sessions: the primary key is the SHA-256 of the opaque token, never the token itself. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expiry_idx').on(t.expiresAt, t.idleExpiresAt)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.email, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
    // The clean-up job deletes by age.
    index('login_attempts_created_idx').on(t.createdAt),
  ],
);

/** Small key/value facts about this database (for example, that the demo seed already ran). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/* ---- Romanian address nomenclature (loaded from data/ro/ at start) ---- */

export const geoCounties = pgTable('geo_counties', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  nameNorm: text('name_norm').notNull(),
});

export const geoLocalities = pgTable(
  'geo_localities',
  {
    id: integer('id').primaryKey(),
    countyCode: text('county_code')
      .notNull()
      .references(() => geoCounties.code),
    name: text('name').notNull(),
    /** The commune a village belongs to (the spec's upLocality). */
    upLocality: text('up_locality'),
    nameNorm: text('name_norm').notNull(),
    /** ' word word ' of name and commune, normalised: matches any word's prefix. */
    searchWords: text('search_words').notNull(),
    /** The locality's code, or '0' when it has street-level codes. */
    postalCode: text('postal_code').notNull(),
    locationType: text('location_type', { enum: ['big_city', 'small_city', 'other'] }).notNull(),
    population: integer('population'),
    latitude: text('latitude'),
    longitude: text('longitude'),
  },
  (t) => [
    index('geo_localities_county_idx').on(t.countyCode, t.nameNorm),
    // (postal_code, id) keeps the reverse look-up on the index even before statistics exist.
    index('geo_localities_postal_id_idx').on(t.postalCode, t.id),
  ],
);

export const geoStreets = pgTable(
  'geo_streets',
  {
    id: integer('id').primaryKey(),
    localityId: integer('locality_id')
      .notNull()
      .references(() => geoLocalities.id),
    streetType: text('street_type').notNull(),
    streetName: text('street_name').notNull(),
    /** Type and name as shown: 'Strada Memorandumului'. */
    fullName: text('full_name').notNull(),
    fullNameNorm: text('full_name_norm').notNull(),
    searchWords: text('search_words').notNull(),
    numbers: text('numbers').notNull(),
    postalCode: text('postal_code').notNull(),
  },
  (t) => [
    index('geo_streets_locality_idx').on(t.localityId, t.fullNameNorm),
    index('geo_streets_postal_locality_idx').on(t.postalCode, t.localityId),
  ],
);

/** One row per distinct street of a locality: street search pages over these, with no GROUP BY. */
export const geoStreetNames = pgTable(
  'geo_street_names',
  {
    id: integer('id').primaryKey(),
    localityId: integer('locality_id')
      .notNull()
      .references(() => geoLocalities.id),
    fullName: text('full_name').notNull(),
    streetNameNorm: text('street_name_norm').notNull(),
    searchWords: text('search_words').notNull(),
  },
  (t) => [index('geo_street_names_locality_idx').on(t.localityId, t.streetNameNorm)],
);

/* ---- Address book ---- */

/** The columns of a Romanian address checked against the nomenclature (new builders at each use). */
const romanianAddressColumns = () => ({
  countryCode: text('country_code').notNull().default('RO'),
  countyCode: text('county_code').notNull(),
  county: text('county').notNull(),
  city: text('city').notNull(),
  postalCode: text('postal_code').notNull(),
  street: text('street'),
  number: text('number'),
});

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shortName: text('short_name').notNull(),
    contactCompany: text('contact_company'),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    contactPhone2: text('contact_phone2'),
    contactEmail: text('contact_email'),
    ...romanianAddressColumns(),
    block: text('block'),
    entrance: text('entrance'),
    intercom: text('intercom'),
    floor: text('floor'),
    apartment: text('apartment'),
    additionalInfo: text('additional_info'),
    /** 10: used as a pick-up point; locked, cannot be edited or deleted. */
    type: smallint('type').notNull().default(1),
    /** Normalised text of the whole entry, for the address book search. */
    searchText: text('search_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_user_idx').on(t.userId, t.id)],
);

/* ---- Settings of an account (spec 000 section 3): one row per user, created on first save ---- */

export const userSettings = pgTable('user_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mail: jsonb('mail').$type<TMailSettings>(),
  sms: jsonb('sms').$type<TSmsSettings>(),
  awbFormat: text('awb_format').$type<AwbFormat>(),
  willPrint: boolean('will_print'),
  /** Invoicing settings (spec 000 section 3): null until set; the *Manual flags say the client chose them. */
  invoiceEveryPrepay: boolean('invoice_every_prepay'),
  invoiceEveryPrepayManual: boolean('invoice_every_prepay_manual').notNull().default(false),
  invoiceEveryOrder: boolean('invoice_every_order'),
  invoiceEveryOrderManual: boolean('invoice_every_order_manual').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/* ---- Prepaid balance: every movement of a client's money is one row; the balance is their sum ---- */

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /** Signed integer bani: top-ups, refunds and bonuses positive, charges and payouts (balance returned to the client's bank account) negative. */
    amountBani: bigint('amount_bani', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    /** What caused it (a card payment, a shipment): one movement per kind and reference. */
    reference: text('reference'),
    /** The invoice that covers this movement (a top-up invoiced on payment), if any. */
    invoiceId: integer('invoice_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_user_idx').on(t.userId, t.createdAt), uniqueIndex('ledger_reference_key').on(t.kind, t.reference)],
);

/** A card payment through the processor's hosted page (or the simulator's). */
export const cardPayments = pgTable(
  'card_payments',
  {
    identifier: text('identifier').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountBani: bigint('amount_bani', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'declined'] }).notNull().default('pending'),
    failureReason: text('failure_reason'),
    cardBrand: text('card_brand'),
    lastDigits: text('last_digits'),
    expiryDate: text('expiry_date'),
    /** The saved card's token, kept while 3-D Secure is pending (never the card number). */
    cardToken: text('card_token'),
    /** A subscription this payment starts (activated when it succeeds). */
    subscriptionIdentifier: text('subscription_identifier'),
    /** The card was accepted and the bank asked for 3-D Secure: waiting for the holder's answer. */
    awaiting3ds: boolean('awaiting_3ds').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('card_payments_user_idx').on(t.userId, t.createdAt)],
);

/** Automatic top-ups with a saved card: when the balance falls below the trigger, charge the refill. */
export const cardSubscriptions = pgTable(
  'card_subscriptions',
  {
    identifier: text('identifier').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0 inactive, 1 pending (waiting for its first payment), 2 active. */
    status: smallint('status').notNull().default(1),
    paymentAmountBani: bigint('payment_amount_bani', { mode: 'number' }).notNull(),
    triggerAmountBani: bigint('trigger_amount_bani', { mode: 'number' }).notNull(),
    cardBrand: text('card_brand'),
    lastDigits: text('last_digits'),
    expiryDate: text('expiry_date'),
    /** The processor's token for the saved card. */
    cardToken: text('card_token'),
    /** The billing entry (fiscal subaccount) its top-ups are invoiced to: the active one when it was created. */
    billingEntityId: integer('billing_entity_id').references(() => billingEntities.id, { onDelete: 'set null' }),
    /**
     * Ready to charge on the next fall below the trigger. Charging takes it (one UPDATE ... WHERE
     * armed), so a fall is charged once even with several workers; it re-arms once the balance is
     * back at or above the trigger.
     */
    armed: boolean('armed').notNull().default(true),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('card_subscriptions_user_idx').on(t.userId), index('card_subscriptions_active_idx').on(t.status, t.armed)],
);

/* ---- Billing data (spec 000 section 3): who a client's invoices are made out to ---- */

/**
 * A company (CIF) or an individual (CNP) the client's invoices are issued to. The id is the
 * spec's fiscalSubaccountNumber. At most one entry of a user is active (the partial unique index).
 */
export const billingEntities = pgTable(
  'billing_entities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isCompany: boolean('is_company').notNull(),
    isVatPayer: boolean('is_vat_payer').notNull().default(false),
    /** CUI without 'RO' for a company, CNP for an individual. */
    identificationCode: text('identification_code').notNull(),
    tradeRegister: text('trade_register'),
    /** 1 CIF, 2 NIF, 6 CNP. */
    fiscalIdentificationType: smallint('fiscal_identification_type').notNull(),
    ...romanianAddressColumns(),
    additionalInfo: text('additional_info'),
    isActive: boolean('is_active').notNull().default(false),
    verifyStatus: text('verify_status', { enum: ['verified', 'invalid', 'pendingVerification'] }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_entities_user_code_key').on(t.userId, t.identificationCode),
    index('billing_entities_user_idx').on(t.userId),
    // One active entry per user, kept by the database even if two requests race.
    uniqueIndex('billing_entities_one_active_key').on(t.userId).where(sql`${t.isActive}`),
    // The verification job only looks at companies still waiting for the tax authority.
    index('billing_entities_pending_idx').on(t.updatedAt).where(sql`${t.verifyStatus} = 'pendingVerification'`),
  ],
);

/* ---- Invoices: fiscal documents with a gap-free number per series ---- */

/** The last number used in each series; taking the next one locks the row until the transaction ends. */
export const invoiceSeries = pgTable('invoice_series', {
  series: text('series').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

export type InvoiceParty = {
  name: string;
  identificationCode: string;
  isCompany: boolean;
  isVatPayer: boolean;
  tradeRegister: string | null;
  address: string;
  county: string;
  countryCode: string;
};
export type InvoiceLine = { description: string; quantity: number; unitNetBani: number; netBani: number; vatBani: number };

/** An issued invoice. Buyer and lines are copied at issue time: later edits of billing data never change it. */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    billingEntityId: integer('billing_entity_id').references(() => billingEntities.id, { onDelete: 'set null' }),
    series: text('series').notNull(),
    number: integer('number').notNull(),
    /** prepay: a card top-up (advance); orders: shipments; settlement: the settle-account invoice. */
    kind: text('kind', { enum: ['prepay', 'orders', 'settlement'] }).notNull(),
    seller: jsonb('seller').$type<InvoiceParty & { iban: string; bank: string }>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    vatPercent: smallint('vat_percent').notNull(),
    netBani: bigint('net_bani', { mode: 'number' }).notNull(),
    vatBani: bigint('vat_bani', { mode: 'number' }).notNull(),
    totalBani: bigint('total_bani', { mode: 'number' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invoices_series_number_key').on(t.series, t.number), index('invoices_user_idx').on(t.userId, t.issuedAt)],
);

/**
 * What a client owes and has not been invoiced for yet (one row per shipment, written with it).
 * amountNotInvoicedSum is the sum of the rows without an invoice.
 */
export const billableCharges = pgTable(
  'billable_charges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    /** Gross amount (VAT included), integer bani. */
    amountBani: bigint('amount_bani', { mode: 'number' }).notNull(),
    /** What it is for (a shipment): one charge per reference. */
    reference: text('reference').notNull(),
    invoiceId: integer('invoice_id').references(() => invoices.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billable_charges_reference_key').on(t.reference),
    index('billable_charges_open_idx').on(t.userId, t.createdAt).where(sql`${t.invoiceId} is null`),
  ],
);

/* ---- e-Invoicing (e-Factura) connections of billing entries ---- */

/** A company's authorisation with the tax authority's e-invoicing system. Tokens are encrypted at rest. */
export const eInvoiceConnections = pgTable(
  'einvoice_connections',
  {
    billingEntityId: integer('billing_entity_id')
      .primaryKey()
      .references(() => billingEntities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** ACTIVE, or EXPIRED once the refresh token has lapsed. */
    state: text('state', { enum: ['ACTIVE', 'EXPIRED'] }).notNull(),
    accessTokenEnc: text('access_token_enc').notNull(),
    refreshTokenEnc: text('refresh_token_enc').notNull(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }).notNull(),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('einvoice_connections_user_idx').on(t.userId)],
);

/** A consent in progress: the OAuth state sent to the authorize page, checked when the browser comes back. */
export const eInvoiceAuthorizations = pgTable(
  'einvoice_authorizations',
  {
    /** SHA-256 of the random state value. */
    stateHash: text('state_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    billingEntityId: integer('billing_entity_id')
      .notNull()
      .references(() => billingEntities.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('einvoice_authorizations_expiry_idx').on(t.expiresAt)],
);

/* ---- Outgoing mail: every message goes through the outbox ---- */

export type MailAttachmentRef = { filename: string; contentType: string; invoiceId: number };

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The account it is about (null for mail not tied to an account). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** mail (to addresses, with a subject) or sms (to E.164 phones; the subject is the text's first words, for the outbox list). */
    channel: text('channel', { enum: ['mail', 'sms'] }).notNull().default('mail'),
    /** Which notification it is (sendInvoiceMail, sendOrderDeliveryAlerts, ..., pickUpRecipientNotify for SMS). */
    kind: text('kind').notNull(),
    to: jsonb('to').$type<string[]>().notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: jsonb('attachments').$type<MailAttachmentRef[]>().notNull().default([]),
    /** pending until the transport took it; sent; failed after the last attempt. */
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    /** smtp or twilio, or outbox (kept here only: no SMTP server or SMS provider configured). */
    transport: text('transport'),
    attempts: smallint('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_user_idx').on(t.userId, t.createdAt),
    index('mail_outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);

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

/* ---- Shipments: the platform's own orders (issue 5) ---- */

export type ShipmentAddress = {
  /** The address book entry it came from, if any. */
  addressId: number | null;
  contactName: string;
  company: string | null;
  phone: string;
  phone2: string | null;
  email: string | null;
  countryCode: string;
  countyCode: string;
  county: string;
  city: string;
  postalCode: string;
  street: string | null;
  number: string | null;
  block: string | null;
  entrance: string | null;
  floor: string | null;
  apartment: string | null;
  intercom: string | null;
  additionalInfo: string | null;
};
export type ShipmentPackage = { type: 'envelope' | 'parcel'; weightGrams: number; lengthCm: number; widthCm: number; heightCm: number };
export type ShipmentOptions = { codBani: number | null; insuranceBani: number | null; openAtDelivery: boolean; saturdayDelivery: boolean };
export type ShipmentPoint = { id: string; name: string; fullAddress: string; distanceKm: number | null };

/**
 * One shipment. A draft has no courier choice yet or waits for activation; activation creates
 * the AWB once (the awb and the charge are unique) and moves it through the courier's statuses.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    /** The public id in routes (/profile/details/order/{uniqueId}). */
    uniqueId: text('unique_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** shipment, or return (a customer's return from a template's public page). */
    kind: text('kind', { enum: ['shipment', 'return'] }).notNull().default('shipment'),
    status: text('status', {
      enum: ['draft', 'activating', 'created', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered', 'returned', 'refused', 'cancelled'],
    })
      .notNull()
      .default('draft'),
    statusReason: text('status_reason'),
    statusAt: timestamp('status_at', { withTimezone: true }).notNull().defaultNow(),
    sender: jsonb('sender').$type<ShipmentAddress>().notNull(),
    recipient: jsonb('recipient').$type<ShipmentAddress>().notNull(),
    packages: jsonb('packages').$type<ShipmentPackage[]>().notNull(),
    content: text('content').notNull(),
    clientReference: text('client_reference'),
    options: jsonb('options').$type<ShipmentOptions>().notNull(),
    courierId: text('courier_id'),
    serviceId: text('service_id'),
    serviceName: text('service_name'),
    point: jsonb('point').$type<ShipmentPoint>(),
    priceNoVatBani: bigint('price_no_vat_bani', { mode: 'number' }),
    priceBani: bigint('price_bani', { mode: 'number' }),
    awb: text('awb'),
    parcelCount: smallint('parcel_count').notNull().default(1),
    estimatedPickupDate: text('estimated_pickup_date'),
    /** prepaid (charged to the balance) or postpaid (a billable charge). */
    paymentType: text('payment_type', { enum: ['prepaid', 'postpaid'] }),
    /** The new-shipment page's request key: a double click or a retried request finds the same shipment. */
    requestKey: text('request_key'),
    /** Normalised AWB, recipient and client reference, for the list's search. */
    searchText: text('search_text').notNull().default(''),
    extra: jsonb('extra').$type<Record<string, unknown>>(),
    /** A return from a template's public page: the customer's answers with the labels of that moment. */
    returnAnswers: jsonb('return_answers').$type<TReturnAnswerView[]>(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipments_unique_id_key').on(t.uniqueId),
    uniqueIndex('shipments_awb_key').on(t.courierId, t.awb),
    uniqueIndex('shipments_request_key').on(t.userId, t.requestKey),
    // The list: a client's shipments newest first, optionally by status.
    index('shipments_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('shipments_user_status_created_idx').on(t.userId, t.status, t.createdAt),
    // The tracking job: shipments still on their way.
    index('shipments_open_idx').on(t.statusAt).where(sql`${t.status} in ('activating', 'created', 'picked_up', 'in_transit', 'out_for_delivery')`),
    index('shipments_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** A shipment's status history, oldest first. */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    text: text('text').notNull(),
    reason: text('reason'),
    location: text('location'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('shipment_events_key').on(t.shipmentId, t.status, t.at)],
);

/** The courier simulator's own record of the AWBs it issued (what a courier's system would hold). */
export const courierSimAwbs = pgTable(
  'courier_sim_awbs',
  {
    awb: text('awb').primaryKey(),
    courierId: text('courier_id').notNull(),
    serviceId: text('service_id').notNull(),
    /** The client's reference (our shipment uniqueId): the same reference answers the same AWB. */
    reference: text('reference').notNull(),
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    priceBani: bigint('price_bani', { mode: 'number' }).notNull(),
    priceNoVatBani: bigint('price_no_vat_bani', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('courier_sim_awbs_reference_key').on(t.courierId, t.reference)],
);

/** Per-courier AWB counters of the simulator. */
export const courierSimCounters = pgTable('courier_sim_counters', {
  courierId: text('courier_id').primaryKey(),
  last: bigint('last', { mode: 'number' }).notNull().default(0),
});

/* ---- Pick-up points (spec 000): a client's address where a courier picks up regularly ---- */

export const pickupPoints = pgTable(
  'pickup_points',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addressId: integer('address_id')
      .notNull()
      .references(() => addresses.id),
    courierId: text('courier_id').notNull(),
    /** Approved by an admin. */
    enabled: boolean('enabled').notNull().default(false),
    /** 0 no, 1 deletion requested, 2 deleted (spec 000 section 4). */
    deleted: smallint('deleted').notNull().default(0),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    printerAvailable: boolean('printer_available').notNull(),
    /** 1 Monday ... 5 Friday; only for couriers with scheduleType 2. */
    pickUpDays: jsonb('pick_up_days').$type<number[]>().notNull().default([]),
    estimatedOrdersCount: integer('estimated_orders_count').notNull(),
    /** The courier's discount on offers sent from this address, percent. */
    discountPercent: smallint('discount_percent').notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pickup_points_user_idx').on(t.userId, t.createdAt),
    // One live request per address and courier.
    uniqueIndex('pickup_points_live_key').on(t.addressId, t.courierId).where(sql`${t.deleted} <> 2 and ${t.rejectedAt} is null`),
    index('pickup_points_pending_idx').on(t.createdAt).where(sql`not ${t.enabled} and ${t.deleted} = 0 and ${t.rejectedAt} is null`),
  ],
);

/* ---- Templates (spec 001, issue 6): order templates with a public return link, packaging ---- */

/** The template's address: a copy of the address-book row it came from (addressId) or of a typed one. */
export type TemplateAddress = {
  addressId: number | null;
  type: number;
  shortName: string;
  contactCompany: string | null;
  contactName: string;
  contactPhone: string;
  contactPhone2: string | null;
  contactEmail: string | null;
  countryCode: string;
  countyCode: string;
  county: string;
  city: string;
  postalCode: string;
  street: string | null;
  number: string | null;
  block: string | null;
  entrance: string | null;
  intercom: string | null;
  floor: string | null;
  apartment: string | null;
  additionalInfo: string | null;
};
/** The options without the terms, which have their own column. */
export type StoredTemplateOptions = Omit<TTemplateOptions, 'terms'>;

export const orderTemplates = pgTable(
  'order_templates',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The public return link's id (/order/return/{uniqueId}). */
    uniqueId: text('unique_id').notNull(),
    name: text('name').notNull(),
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    toAddress: jsonb('to_address').$type<TemplateAddress>().notNull(),
    options: jsonb('options').$type<StoredTemplateOptions>().notNull(),
    /** Sanitised HTML (admin only). */
    terms: text('terms').notNull().default(''),
    approved: boolean('approved').notNull().default(false),
    logo: bytea('logo'),
    logoType: text('logo_type'),
    /** Bumped on every new logo: the logo URL carries it, so browsers never show an old one. */
    logoVersion: integer('logo_version').notNull().default(0),
    /** Normalised name and address, for the list's search. */
    searchText: text('search_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Deleted templates keep their row (returns made from them point to it) but are unknown everywhere. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('order_templates_unique_id_key').on(t.uniqueId),
    index('order_templates_user_idx').on(t.userId, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index('order_templates_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** Submissions of the public return page, kept a day: the rate limits count them (shared by every instance). */
export const returnAttempts = pgTable(
  'return_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => orderTemplates.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('return_attempts_ip_idx').on(t.ip, t.createdAt), index('return_attempts_template_idx').on(t.templateId, t.createdAt), index('return_attempts_created_idx').on(t.createdAt)],
);

export type PackagingTemplateContent = {
  content: string;
  envelope: boolean;
  isDocuments: boolean;
  packages: Array<{ name: string; weight: number; xLength: number; yLength: number; zLength: number }>;
};

/** 'Marfa ambalata': the packages of a shipment kept under a name. */
export const packagingTemplates = pgTable(
  'packaging_templates',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    favourite: boolean('favourite').notNull().default(false),
    template: jsonb('template').$type<PackagingTemplateContent>().notNull(),
    searchText: text('search_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list: favourites first, then newest.
    index('packaging_templates_user_idx').on(t.userId, t.favourite, t.createdAt, t.id),
    index('packaging_templates_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** 'Tipuri ambalaje': one package's sizes kept under a name (kg and cm). */
export const savedPackages = pgTable(
  'saved_packages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    weight: doublePrecision('weight').notNull(),
    xLength: doublePrecision('x_length').notNull(),
    yLength: doublePrecision('y_length').notNull(),
    zLength: doublePrecision('z_length').notNull(),
    searchText: text('search_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_packages_user_idx').on(t.userId, t.createdAt, t.id), index('saved_packages_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`)],
);
export * from './schema/events.js';
