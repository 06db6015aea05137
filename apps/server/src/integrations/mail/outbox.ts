import { randomUUID } from 'node:crypto';
import type { MailTransport } from './mail-transport.js';

/**
 * The built-in mail system: nothing leaves the server. The sender still resolves every
 * attachment and marks the message sent with transport 'outbox', so the outbox page shows
 * exactly what SMTP would have carried (and an attachment that cannot be produced fails here too).
 */
export function outboxTransport(): MailTransport {
  return {
    name: 'outbox',
    send: async () => ({ messageId: `<${randomUUID()}@outbox.colete.local>` }),
  };
}
