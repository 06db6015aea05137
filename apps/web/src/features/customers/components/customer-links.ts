/** Where the row menu's shipment and invoice go, with the customer filled in (the app's routes read `customer`). */
export const newShipmentFor = (id: number) => `/profile/orders/new?customer=${id}`;
export const invoiceFor = (id: number) => `/profile/invoicing-system/system-invoices/send?customer=${id}`;
