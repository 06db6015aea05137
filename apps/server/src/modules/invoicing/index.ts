/** The invoicing module's public surface: other modules, the composition root and jobs import from here only. */
export { invoiceFileName, invoiceFullNumber } from './invoice-pdf.js';
export { activeEntity, notInvoicedBani } from './invoicing-queries.js';
export { invoicingRoutes } from './invoicing-routes.js';
export { invoiceAttachmentResolver, invoiceOpenChargesBefore, invoiceTopUp, invoicingDepsOf, invoicingService, invoicingSettings, issueInvoice } from './invoicing-service.js';
export { shipmentBilling } from './shipment-billing.js';
export type { InvoicingDeps } from './invoicing-service.js';
