/**
 * The tax authority's OAuth2 authorization-code grant for e-Factura (integrations.md): the user
 * consents in the browser (signing in with a qualified certificate), we exchange the code for
 * tokens and refresh them later. The real adapter talks to logincert.anaf.ro; the built-in
 * simulator serves the same endpoints under /sim/efactura/.
 */
export interface EInvoiceAuth {
  readonly name: 'anaf' | 'simulator';
  /** The consent page the browser is sent to. */
  authorizeUrl(state: string, redirectUri: string): string;
  /** The code the consent page returned, exchanged once for an access and a refresh token. */
  exchangeCode(code: string, redirectUri: string): Promise<EInvoiceTokens>;
  /** A new access AND a new refresh token (the old refresh token must be replaced by the new one). */
  refresh(refreshToken: string): Promise<EInvoiceTokens>;
  /**
   * Whether an access token may act for a fiscal code (digits, no RO). A token only counts for the
   * CUIs its certificate holder may act for: e-Factura's message list for another CUI answers
   * 'Nu aveti drept in SPV pentru CIF=...' (HTTP 200). A failed call throws EInvoiceAuthError.
   */
  actsFor(accessToken: string, cui: string): Promise<boolean>;
}

export type EInvoiceTokens = {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
};

/** A refused or failed token call: the OAuth error code (invalid_grant, invalid_client, ...) or our own (http_502, network, malformed). */
export class EInvoiceAuthError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'EInvoiceAuthError';
  }
}

/** Documented lifetimes: the access token 90 days, the refresh token 365 days. */
export const ACCESS_TOKEN_SECONDS = 90 * 86_400;
export const REFRESH_TOKEN_SECONDS = 365 * 86_400;

/** The path of our callback, which the tax authority redirects to (the registered redirect_uri). */
export const EINVOICE_CALLBACK_PATH = '/api/user/invoicing-system/connect/callback';
