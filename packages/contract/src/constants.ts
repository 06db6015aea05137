/** Business constants shared by the browser and the server (spec 000/001/002, section 9). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const PHONE_MAX_LENGTH = 15;
export const DEFAULT_COUNTRY = 'RO';
export const DEFAULT_PHONE_PREFIX = '+40';

export const SNACKBAR_MS = 5000;
export const CLIENT_SEARCH_DEBOUNCE_MS = 300;
export const CLIENT_SEARCH_LIMIT = 20;

/** User types: 1 client, 2 admin (spec 002 section 6). */
export const USER_TYPE = { client: 1, admin: 2 } as const;
export type UserType = (typeof USER_TYPE)[keyof typeof USER_TYPE];

export const ACCOUNT_TYPES = ['company', 'individual'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Sign-in throttling (issue 2): per account and per client address. */
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 10;
export const LOGIN_ACCOUNT_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_ATTEMPTS_PER_ADDRESS = 100;
export const LOGIN_ADDRESS_WINDOW_MS = 60 * 1000;

/** Invoicing defaults while a client has not chosen (spec 000 invoicing settings, modifiedManually false). */
export const INVOICING_DEFAULTS = { invoiceEveryPrepay: true, invoiceEveryOrder: false } as const;
