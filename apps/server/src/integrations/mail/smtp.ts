import nodemailer from 'nodemailer';
import { MailSendError, type MailTransport } from './mail-transport.js';

export type SmtpOptions = { connectionTimeoutMs?: number; socketTimeoutMs?: number };

/** An SMTP reply that the same message would get again: 5yz, except 503 (wrong session state). */
const isPermanentReply = (code: unknown) => typeof code === 'number' && code >= 500 && code < 600 && code !== 503;

/**
 * Sends through an SMTP server named by a URL: smtp://user:pass@host:587 (STARTTLS when the
 * server offers it) or smtps://user:pass@host:465. A message whose recipients or content the
 * server refuses for good fails as permanent; connection, authentication and 4yz problems are
 * transient (the sender retries them, and a fixed SMTP_URL lets the queued mail through).
 */
export function smtpTransport(url: string, opts: SmtpOptions = {}): MailTransport {
  const password = decodeURIComponent(new URL(url).password);
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: opts.connectionTimeoutMs ?? 15_000,
    greetingTimeout: opts.connectionTimeoutMs ?? 15_000,
    socketTimeout: opts.socketTimeoutMs ?? 60_000,
    // Attachments are always bytes we produced: never let a message read files or fetch URLs.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    name: 'smtp',
    async send(mail) {
      try {
        const info = await transporter.sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? undefined,
          attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
        });
        return { messageId: info.messageId, rejected: (info.rejected ?? []).map(String) };
      } catch (err) {
        const e = err as { code?: string; responseCode?: number; message?: string };
        const permanent = (e.code === 'EENVELOPE' || e.code === 'EMESSAGE') && isPermanentReply(e.responseCode);
        // The error is stored (last_error): it must never carry the SMTP password.
        const text = `${e.code ?? 'ERROR'}: ${e.message ?? String(err)}`;
        throw new MailSendError(password ? text.split(password).join('***') : text, permanent);
      }
    },
    close: () => transporter.close(),
  };
}
