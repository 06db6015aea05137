/** One text message to one or more phones (E.164). */
export type OutgoingSms = { to: string[]; text: string };

/**
 * Hands one SMS to the SMS system. The Twilio adapter (twilio.ts) sends it; the built-in outbox
 * (outbox.ts, the embedded default) sends nothing: it stays in mail_outbox (channel 'sms'), where
 * the account's outbox page shows it. A failure throws a MailSendError (mail-transport.ts), whose
 * `permanent` says retrying cannot help.
 */
export interface SmsTransport {
  readonly name: 'twilio' | 'outbox';
  send(sms: OutgoingSms): Promise<{ messageId: string; rejected?: string[] }>;
}
