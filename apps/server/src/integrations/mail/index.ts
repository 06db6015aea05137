import type { Config } from '../../config.js';
import type { MailTransport } from './mail-transport.js';
import { outboxTransport } from './outbox.js';
import { smtpTransport } from './smtp.js';

/** The mail system the configuration names: the outbox (default, nothing leaves) or SMTP. */
export function mailTransportFor(config: Pick<Config, 'mail' | 'smtpUrl'>): MailTransport {
  if (config.mail === 'smtp') {
    if (!config.smtpUrl) throw new Error('MAIL=smtp needs SMTP_URL');
    return smtpTransport(config.smtpUrl);
  }
  return outboxTransport();
}
