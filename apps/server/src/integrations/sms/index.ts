import type { Config } from '../../config.js';
import { smsOutboxTransport } from './outbox.js';
import type { SmsTransport } from './sms-transport.js';
import { twilioTransport } from './twilio.js';

/** The SMS system the configuration names: the outbox (default, nothing leaves) or Twilio. */
export function smsTransportFor(config: Pick<Config, 'sms' | 'twilio'>): SmsTransport {
  if (config.sms === 'twilio') {
    if (!config.twilio) throw new Error('SMS=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM');
    return twilioTransport(config.twilio);
  }
  return smsOutboxTransport();
}
