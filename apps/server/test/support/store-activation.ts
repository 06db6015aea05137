import type { TStoreOffersRequest } from '@colete/contract';

/** A whole store order's card as the page sends it (a typed sender, the corrected recipient, one package). */
export function storeCardBody(orderId = 'gid://shopify/Order/1001', fulfillmentOrderId = 'gid://shopify/FulfillmentOrder/10011'): TStoreOffersRequest {
  return {
    shopifyOrderId: orderId,
    shopifyFulfillmentOrderId: fulfillmentOrderId,
    sender: {
      locationId: 'gid://shopify/Location/1',
      addressId: null,
      mutationId: null,
      validationStrategy: 'LOCATION',
      contact: { name: 'Depozit Bucuresti', phone: '+40722100200', email: null, phone2: null },
      address: {
        contactName: 'Depozit Bucuresti',
        contactCompany: null,
        contactPhone: '+40722100200',
        contactPhone2: null,
        contactEmail: null,
        addressCountryCode: 'RO',
        addressCountyCode: 'B',
        addressCounty: 'Bucuresti',
        addressCity: 'Sectorul 2',
        addressPostalCode: '020331',
        addressStreet: 'Șoseaua Fabrica de Glucoză',
        addressNumber: '5',
        addressBlock: null,
        addressEntrance: null,
        addressIntercom: null,
        addressFloor: null,
        addressApartment: null,
        addressAdditionalInfo: null,
      },
      fullAddress: 'Șoseaua Fabrica de Glucoză 5, 020331 Sectorul 2, Bucuresti',
    },
    recipient: {
      address: { countryCode: 'RO', postalCode: '400114', city: 'Cluj-Napoca', countyCode: 'CJ', street: 'Strada Memorandumului', number: '28', building: '', entrance: '', intercom: '', floor: '', apartment: '', landmark: '', additionalInfo: '' },
      contact: { name: 'Ana Pop', phone: '+40722333444', email: '', company: '' },
    },
    packing: { list: [{ weight: 1, width: 10, length: 10, height: 10, metadata: [{ product: { id: 'x' }, quantity: 1 }], manuallyAdded: false, calculatedAutomatically: true }], type: 'parcel', content: 'Produse', valid: true, postponedProducts: [] },
    extraOptions: { insurance: { active: false, amount: 0 }, repayment: { account: { active: false, amount: 0 } }, openAtDelivery: { active: false }, saturdayDelivery: { active: false } },
    mutations: [],
  };
}

/** An order page's card as the page sends it: the bulk activator's own request of a card (its sender, the corrected recipient, its packing and options). */
export { requestOf as cardRequest } from '../../src/modules/store/store-bulk-activator.js';
