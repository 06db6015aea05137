import type { FetchLike } from './anaf-oauth.js';
import { EFacturaError } from './anaf-rest.js';

/*
 * e-Factura's public services (no token), as the platform calls them: `transformare` draws an
 * e-invoice's XML as a PDF. ANAF answers a refused document with the validation's JSON instead of
 * the PDF, with HTTP 200, so the answer is told apart by its first bytes (a PDF starts with %PDF-,
 * whatever the Content-Type says): only a PDF comes back; anything else throws EFacturaError. Facts: ../shared/docs/integrations.md,
 * "Tax authority e-invoicing".
 */

/** The public services' base on ANAF's side (validare, transformare). */
export const ANAF_PUBLIC_REST = 'https://webservicesp.anaf.ro/prod/FCTEL/rest';

/** The public services' document kinds: FACT1 an Invoice, FCN a CreditNote. */
export type EFacturaDocumentKind = 'FACT1' | 'FCN';

/** A document e-Factura refused to draw, with the validation's messages as ANAF wrote them. */
export class EFacturaDocumentRefused extends EFacturaError {
  constructor(readonly messages: string[]) {
    super('refused', messages.join(' ') || 'e-Factura refused the document without a message');
  }
}

/** The messages of a validation answer `{stare: 'nok', Messages: [{message}]}`, or null when it is not one. */
function refusalOf(answer: unknown): string[] | null {
  if (!answer || typeof answer !== 'object') return null;
  const { stare, Messages } = answer as { stare?: unknown; Messages?: unknown };
  if (stare !== 'nok' || !Array.isArray(Messages)) return null;
  return Messages.map((m) => (m && typeof m === 'object' && typeof (m as { message?: unknown }).message === 'string' ? (m as { message: string }).message : '')).filter(Boolean);
}

export function eFacturaPublic(opts: { publicBase?: string; fetch?: FetchLike; timeoutMs?: number } = {}) {
  const base = opts.publicBase ?? ANAF_PUBLIC_REST;
  const doFetch: FetchLike = opts.fetch ?? ((url, init) => fetch(url, init));

  return {
    /**
     * transformare/FACT1|FCN: the PDF e-Factura draws of the document, once its validation passes
     * (`validate: false` asks `/DA`, drawn without it). A refusal throws EFacturaDocumentRefused.
     */
    async transform(xml: string, kind: EFacturaDocumentKind, o: { validate?: boolean } = {}): Promise<Buffer> {
      const url = `${base}/transformare/${kind}${o.validate === false ? '/DA' : ''}`;
      let response: Response;
      try {
        response = await doFetch(url, { method: 'POST', headers: { 'content-type': 'text/plain', accept: 'application/pdf, application/json' }, body: xml, signal: AbortSignal.timeout(opts.timeoutMs ?? 60_000) });
      } catch (err) {
        throw new EFacturaError('network', `e-Factura unreachable: ${(err as Error).message}`);
      }
      if (response.status === 429) throw new EFacturaError('throttled', 'e-Factura answered HTTP 429');
      if (response.status === 413) throw new EFacturaError('refused', 'e-Factura answered HTTP 413: the document is over 10 MB');
      if (response.status !== 200) throw new EFacturaError('unexpected', `e-Factura answered HTTP ${response.status}`);
      const bytes = Buffer.from(await response.arrayBuffer());
      const type = response.headers.get('content-type') ?? '';
      if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return bytes;
      let answer: unknown = null;
      try {
        answer = JSON.parse(bytes.toString('utf8'));
      } catch {
        throw new EFacturaError('unexpected', `transformare answered neither a PDF nor JSON (${type}): ${bytes.subarray(0, 60).toString('utf8')}`);
      }
      const messages = refusalOf(answer);
      if (messages) throw new EFacturaDocumentRefused(messages);
      throw new EFacturaError('unexpected', `transformare answered JSON that is not a validation: ${bytes.subarray(0, 80).toString('utf8')}`);
    },
  };
}
export type EFacturaPublic = ReturnType<typeof eFacturaPublic>;
