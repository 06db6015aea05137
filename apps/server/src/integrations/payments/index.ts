import type { Config } from '../../config.js';
import { simulatedGateway } from './card-simulator.js';
import type { PaymentGateway } from './payment-gateway.js';

/** The card processor the configuration names: the built-in simulator, or none. */
export const paymentGateway = (config: Pick<Config, 'payments'>): PaymentGateway | null =>
  config.payments === 'simulator' ? simulatedGateway() : null;
