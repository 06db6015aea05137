/** A file sent with a mail: always bytes in memory (invoice PDFs, repayment sheets). */
export type OutgoingAttachment = { filename: string; contentType: string; content: Buffer };

export type OutgoingMail = {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html?: string | null;
  attachments: OutgoingAttachment[];
};

/**
 * Hands one message to the mail system. The SMTP adapter (smtp.ts) sends it; the built-in
 * outbox (outbox.ts, the embedded default) sends nothing: the message stays in the mail_outbox
 * table, where the account's outbox page shows it. A failure throws; `permanent` on the error
 * says retrying cannot help (every recipient refused).
 */
export interface MailTransport {
  readonly name: 'smtp' | 'outbox';
  /** rejected: recipients the server refused while it took the message for the others. */
  send(mail: OutgoingMail): Promise<{ messageId: string; rejected?: string[] }>;
  /** Releases connections, if the transport keeps any. */
  close?(): void;
}

export class MailSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'MailSendError';
  }
}
