/** The invoicing module's public surface: other modules, the composition root and jobs import from here only. */
export { invoiceFileName, invoiceFullNumber } from './invoice-pdf.js';
export { activeEntity, invoiceSellers } from './invoicing-queries.js';
export { invoicingRoutes } from './invoicing-routes.js';
export { invoiceSummary, invoicingDepsOf, invoicingService, invoicingSettings, issueInvoice } from './invoicing-service.js';
export type { InvoicingDeps, InvoicingService } from './invoicing-service.js';
export { shipmentBilling } from './shipment-billing.js';
export { invoiceOpenCharges } from './invoice-now.js';
export { INVOICE_ISSUED, invoiceDocumentById, setInvoiceBuyerAddressParts } from './invoice-events.js';
export type { InvoiceIssued, InvoiceIssuedEvent } from './invoice-events.js';
export { CIUS_RO_CUSTOMIZATION, invoiceUbl, invoiceUblOf, NO_CNP, type CreditedInvoice, type InvoiceUbl } from './invoice-ubl.js';
export { InvoiceAddressError } from './invoice-ubl-address.js';
export { buyerOf as partyOfEntity } from './issue-invoice.js';
export { formInvoiceNumber, formInvoiceUbl } from './invoice-ubl-form.js';
export { invoicedShipmentsPerMonth } from './invoiced-monthly.js';
export {
  clientInvoices,
  hasOldCompany,
  invoiceCompanies,
  invoiceDaysOf,
  invoiceHasAnnex,
  invoiceNumbersByIds,
  invoiceOfSeller,
  servicesNotInvoiced,
} from './invoice-statement.js';
export { invoiceDocuments } from './invoice-documents.js';
export type { InvoiceDocuments } from './invoice-documents.js';
export { invoiceForPayment, payableInvoices } from './payable-invoices.js';
export { invoiceNumbers } from './invoice-fragments.js';
export type { InvoicePayments } from './ports.js';
