/** The registered office as the register writes it (its own words, not the nomenclature's). */
export type RegisteredAddress = { county: string; locality: string; street: string; number: string; postalCode: string; details: string };

/** What the tax authority's register says about a CUI. */
export type CompanyLookup =
  | { found: true; name: string; active: boolean; vatPayer: boolean; tradeRegister: string | null; address: RegisteredAddress | null }
  | { found: false };

/**
 * Checks a Romanian company's CUI against the public register. The built-in simulator is the
 * embedded default; the tax authority's adapter (anaf.ts) implements the same interface. A
 * failure (network, rate limit, odd answer) throws: the caller leaves the entry pending.
 */
export interface CompanyCheck {
  readonly name: string;
  /** cui: digits only, without 'RO', its check digit already validated. */
  lookup(cui: string): Promise<CompanyLookup>;
}
