/** The einvoice module's public surface: other modules, the composition root and jobs import from here only. */
import type { EInvoiceConnections } from '../billing/index.js';
import { connectionState, connectionsOfUser } from './einvoice-queries.js';

export { connectionState, connectionsOfUser };
/** What billing needs from e-invoicing: the entries' connections. */
export const eInvoiceConnections: EInvoiceConnections = { ofUser: connectionsOfUser, state: connectionState };
export { einvoiceRoutes } from './einvoice-routes.js';
export { einvoiceService } from './einvoice-service.js';
export type { EInvoiceService } from './einvoice-service.js';
export { einvoiceSync } from './einvoice-sync.js';
export type { EInvoiceSync } from './einvoice-sync.js';
export { receivedInvoicesService } from './einvoice-received.js';
export type { ReceivedInvoicesService } from './einvoice-received.js';
export { onReceivedMessageQueued, receivedMessageSender } from './einvoice-messages.js';
export type { ReceivedMessageSender } from './einvoice-messages.js';
export { einvoiceCompaniesService } from './einvoice-companies.js';
export type { EInvoiceCompaniesService } from './einvoice-companies.js';
export { einvoiceSender, invoiceIssuedListener } from './einvoice-send.js';
export type { EInvoiceSender, SentDocument } from './einvoice-send.js';
export { onSentQueued, sentInvoicesService } from './einvoice-sent-list.js';
export type { SentInvoicesService } from './einvoice-sent-list.js';
export { clientDocument, invoiceFormService } from './einvoice-form.js';
export type { InvoiceFormService } from './einvoice-form.js';
export { invoiceFormRoutes } from './einvoice-form-routes.js';
export { sentDeadlinesService } from './einvoice-deadlines.js';
export type { SentDeadlinesService } from './einvoice-deadlines.js';
export { einvoiceAdminRoutes } from './einvoice-admin-routes.js';
export { einvoiceInbox } from './einvoice-dashboard.js';
export { sentInvoicesToBuyer } from './einvoice-buyer-invoices.js';
