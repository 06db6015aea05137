import { ZClientSummary } from './admin.js';
import { listEnvelope, pageQuery } from './common/pagination.js';
import { z } from './zod.js';

/*
 * Issue 26, "admins see documents near or past their deadline": every company's sent e-invoices not
 * yet accepted by e-Factura whose legal deadline (5 working days after the issue) is at most
 * EINVOICE_DEADLINE_NEAR_DAYS working days away, or passed; soonest deadline first.
 */

/** How near a deadline lists a document: this many working days left, or fewer. */
export const EINVOICE_DEADLINE_NEAR_DAYS = 2;
export const EINVOICE_DEADLINES_PAGE_SIZE = 50;

/** GET admin/einvoice/deadlines?page=&limit= */
export const ZEInvoiceDeadlinesQuery = pageQuery(EINVOICE_DEADLINES_PAGE_SIZE, 100);
export type TEInvoiceDeadlinesQuery = z.input<typeof ZEInvoiceDeadlinesQuery>;

export const ZEInvoiceDeadline = z.object({
  /** The sent document (its status details and 'Retrimite' in its company's sent list). */
  invoicingSystemId: z.number().int(),
  /** The company that issues it: the platform's own for its invoices; the client who holds it, for an admin to act for. */
  company: z.object({ name: z.string(), identificationCode: z.string(), client: ZClientSummary.nullable() }),
  /** As the document writes it ('COL 000123'). */
  number: z.string(),
  kind: z.enum(['invoice', 'creditNote']),
  buyerName: z.string(),
  issueDate: z.string(),
  deadline: z.string(),
  /** Working days after today up to the deadline (0 on its last day and once passed). */
  workingDaysLeft: z.number().int(),
  /** The deadline is before today. */
  late: z.boolean(),
  /** Spec 002 section 3's code (1 initial, 2 pending, 3 error). */
  status: z.number().int(),
  /** Why it stopped: the official rules' or e-Factura's findings. */
  findings: z.array(z.object({ id: z.string(), text: z.string() })),
  /** Why it waits: the last attempt's error (a company not connected, e-Factura not answering). */
  lastError: z.string().nullable(),
});
export type TEInvoiceDeadline = z.infer<typeof ZEInvoiceDeadline>;

export const ZEInvoiceDeadlinesResponse = listEnvelope(ZEInvoiceDeadline).extend({
  /** The Bucharest day the list was computed for, and the last deadline it takes. */
  today: z.string(),
  until: z.string(),
});
export type TEInvoiceDeadlinesResponse = z.infer<typeof ZEInvoiceDeadlinesResponse>;
