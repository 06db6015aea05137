import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { renderUblPdf } from '../../lib/ubl-pdf.js';
import { readUbl } from '../../lib/ubl-read.js';
import { readXmlTree } from '../../lib/xml-tree.js';
import { checkEInvoice } from './cius-ro-rules.js';
import { checkUpload } from './simulator-spv.js';

/** The public validation and transformation services (no token), as on webservicesp.anaf.ro/prod/FCTEL/rest. */
export const SIM_PUBLIC_BASE = '/sim/efactura/public';
/** The documents the public services take: FACT1 an Invoice (upload's UBL), FCN a CreditNote (CN). */
export const SIM_PUBLIC_KINDS = { FACT1: 'UBL', FCN: 'CN' } as const;
/** ANAF's limit on a document, 10 MB (413 beyond). */
const BODY_MAX_BYTES = 10 * 1024 * 1024;

/** What the simulator's PDF says it is. */
const transformNote = (kind: string) =>
  `Document generat de simulatorul serviciului ANAF transformare/${kind} din XML-ul transmis. Nu are valoare legala: originalul este fisierul XML al facturii.`;

/** A rule's finding as a message of the answer: '[BR-CO-10] text'. */
const ruleMessage = (f: { id: string; text: string }) => `[${f.id}] ${f.text}`;

/**
 * The public services (issue 25), with ANAF's answers: the body is the raw XML (sent as text/plain
 * by ANAF's own clients; application/xml and text/xml are read too).
 * - `validare/FACT1|FCN`: `{stare: ok|nok, Messages: [{message}], trace_id}`, with the checks the
 *   simulator applies to an upload.
 * - `transformare/FACT1|FCN`: the invoice drawn as a PDF (application/pdf) once the official rules
 *   (schema and CIUS-RO, cius-ro-rules.ts) pass; else the validation's JSON, `stare: nok`, with HTTP
 *   200 as ANAF answers it, so a client tells the two apart by Content-Type. `transformare/<kind>/DA`
 *   draws without the rules; a body that is not XML, or not the document the kind names, is still
 *   answered in JSON.
 * An unknown path under the prefix is the platform's 404.
 */
export function publicRoutes() {
  return async (app: FastifyInstance) => {
    app.addContentTypeParser(['application/xml', 'text/xml'], { parseAs: 'string', bodyLimit: BODY_MAX_BYTES }, (_req, body, done) => done(null, body));
    const bodyOf = (body: unknown) => (typeof body === 'string' ? body : '');
    const validation = (errors: string[]) => ({
      stare: errors.length === 0 ? 'ok' : 'nok',
      Messages: (errors.length === 0 ? ['Fisierul transmis este valid'] : errors).map((message) => ({ message })),
      trace_id: randomUUID(),
    });
    const refused = (reply: FastifyReply, errors: string[]) => reply.status(200).type('application/json; charset=utf-8').send(validation(errors));

    for (const [kind, standard] of Object.entries(SIM_PUBLIC_KINDS)) {
      app.post(`${SIM_PUBLIC_BASE}/validare/${kind}`, { bodyLimit: BODY_MAX_BYTES }, async (req) => validation(checkUpload(bodyOf(req.body), standard, '', true).errors));

      for (const withRules of [true, false]) {
        app.post(`${SIM_PUBLIC_BASE}/transformare/${kind}${withRules ? '' : '/DA'}`, { bodyLimit: BODY_MAX_BYTES }, async (req, reply) => {
          const xml = bodyOf(req.body);
          // Well-formed, without a DOCTYPE, and the document the kind names: else nothing to draw.
          const upload = checkUpload(xml, standard, '', true);
          if (!upload.parties) return refused(reply, upload.errors);
          if (withRules) {
            const report = await checkEInvoice(xml);
            if (!report.valid) return refused(reply, [...report.schemaErrors, ...report.fatal.map(ruleMessage)]);
          }
          const document = readUbl(readXmlTree(xml))!;
          const pdf = await renderUblPdf(document, { createdAt: new Date(), note: transformNote(kind) });
          return reply.status(200).type('application/pdf').send(Buffer.from(pdf));
        });
      }
    }
  };
}
