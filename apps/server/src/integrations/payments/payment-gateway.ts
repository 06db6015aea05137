/**
 * A card processor with a hosted payment page: we open a payment at the processor, send the
 * browser to its page, and learn the outcome later (the simulator's own pages, or a real
 * processor's webhook), always through the same completion path. The built-in simulator is the
 * embedded default; the Stripe adapter implements the same interface.
 */
export interface PaymentGateway {
  readonly name: string;
  /** Opens the payment at the processor and answers where the browser pays it. */
  startPayment(payment: StartPayment): Promise<{ url: string }>;
  /**
   * A merchant-initiated charge of a saved card (recurring top-ups): no browser involved. The
   * payment's identifier makes a repeated call charge once. Throws when the outcome is unknown
   * (the processor did not answer): the payment stays pending until the processor's notification.
   */
  chargeSavedCard(charge: SavedCardCharge): Promise<PaymentOutcome>;
}

export type StartPayment = {
  /** Our payment's identifier (card_payments.identifier). */
  identifier: string;
  amountBani: number;
  /** What the holder sees on the processor's page and statement. */
  description: string;
  /** Keep the card for later merchant-initiated charges (a subscription starts with this payment). */
  saveCard: boolean;
  /** The web app's paths the browser comes back to: after paying, and when giving up. */
  returnUrl: string;
  cancelUrl: string;
};

export type SavedCardCharge = { identifier: string; cardToken: string; amountBani: number; description: string };

export type PaymentOutcome =
  /** cardBank: the card's issuing bank, when the processor names it (the statement's card data). */
  | { status: 'succeeded'; cardBrand: string; lastDigits: string; expiryDate: string; cardToken?: string; cardBank?: string }
  | { status: 'declined'; reason: string; cardBrand?: string; lastDigits?: string };
