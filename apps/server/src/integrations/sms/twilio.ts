import { MailSendError } from '../mail/mail-transport.js';
import type { SmsTransport } from './sms-transport.js';

type TwilioAccount = { accountSid: string; authToken: string; from: string; apiBase: string };
type FetchLike = typeof fetch;

const TIMEOUT_MS = 15_000;

/** Twilio's error envelope: {code, message, more_info, status}. */
type TwilioError = { code?: number; message?: string };

/**
 * Twilio's Messages API (`POST /2010-04-01/Accounts/{sid}/Messages.json`, form-encoded To, From,
 * Body, HTTP Basic with the account SID and auth token): one request per recipient, since Twilio
 * takes one `To`. A 201 answer carries the message SID. A 400 for a recipient (invalid or
 * unsubscribed number) refuses that recipient only; when every recipient is refused the SMS fails
 * for good. Authentication (401/403), 429, 5xx, timeouts and network errors are retried by the
 * sender, so a corrected account lets the queue through.
 */
export function twilioTransport(account: TwilioAccount, fetchImpl: FetchLike = fetch): SmsTransport {
  const url = `${account.apiBase}/2010-04-01/Accounts/${encodeURIComponent(account.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${account.accountSid}:${account.authToken}`).toString('base64')}`;

  async function sendOne(to: string, text: string): Promise<{ sid: string } | { refused: string }> {
    let res: Response;
    try {
      res = await fetchImpl(url, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ To: to, From: account.from, Body: text }).toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new MailSendError(`Twilio unreachable: ${err instanceof Error ? err.message : String(err)}`, false);
    }
    const body = (await res.json().catch(() => ({}))) as TwilioError & { sid?: string };
    if (res.status === 201 || res.status === 200) {
      if (!body.sid) throw new MailSendError('Twilio answered without a message sid', false);
      return { sid: body.sid };
    }
    const detail = `Twilio ${res.status}${body.code ? ` (${body.code})` : ''}: ${body.message ?? 'no message'}`;
    if (res.status === 400) return { refused: `${to}: ${detail}` };
    throw new MailSendError(detail, false);
  }

  return {
    name: 'twilio',
    async send(sms) {
      const sids: string[] = [];
      const refused: string[] = [];
      for (const to of sms.to) {
        const r = await sendOne(to, sms.text);
        if ('sid' in r) sids.push(r.sid);
        else refused.push(r.refused);
      }
      if (sids.length === 0) throw new MailSendError(refused.join('; '), true);
      return { messageId: sids.join(','), rejected: refused.length ? refused : undefined };
    },
  };
}
