/**
 * A card processor with a hosted payment page: we create a payment, send the browser to the
 * processor's page, and learn the outcome (by callback or webhook). The built-in simulator is
 * the embedded default; a real processor's adapter implements the same interface.
 */
export interface PaymentGateway {
  readonly name: string;
  /** Where the browser pays for this payment. */
  hostedPageUrl(identifier: string): string;
  /** A merchant-initiated charge of a saved card (recurring top-ups): no browser involved. */
  chargeSavedCard(cardToken: string, amountBani: number): Promise<PaymentOutcome>;
}

export type PaymentOutcome =
  | { status: 'succeeded'; cardBrand: string; lastDigits: string; expiryDate: string; cardToken?: string }
  | { status: 'declined'; reason: string; cardBrand?: string; lastDigits?: string };
