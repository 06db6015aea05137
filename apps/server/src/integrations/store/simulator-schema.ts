/**
 * The part of Shopify's Admin GraphQL schema (2026-01) the platform uses, as SDL: the simulator's
 * endpoint is built on it with graphql-js (simulator-resolvers.ts), so selection sets, arguments,
 * variables and errors behave as Shopify's do. Names, types and nullability follow Shopify's
 * reference; enums list the values the simulator can answer or accept.
 */
const CONNECTION_ARGS = 'first: Int, after: String, last: Int, before: String, reverse: Boolean = false';
const connection = (node: string) => `type ${node}Connection { nodes: [${node}!]! edges: [${node}Edge!]! pageInfo: PageInfo! }
type ${node}Edge { cursor: String! node: ${node}! }`;
const userError = (name: string, codes: string[]) => `type ${name} { field: [String!] message: String! code: ${name}Code }
enum ${name}Code { ${codes.join(' ')} }`;

export const SIM_SCHEMA_SDL = `
schema { query: QueryRoot mutation: Mutation }
scalar DateTime
scalar Decimal
scalar Money
scalar URL
scalar UnsignedInt64
scalar JSON

type QueryRoot {
  shop: Shop!
  locations(${CONNECTION_ARGS}, query: String, includeInactive: Boolean = false): LocationConnection!
  location(id: ID): Location
  orders(${CONNECTION_ARGS}, query: String, sortKey: OrderSortKeys = ID): OrderConnection!
  order(id: ID!): Order
  ordersCount(query: String, limit: Int = 10000): Count
  fulfillmentOrder(id: ID!): FulfillmentOrder
  products(${CONNECTION_ARGS}, query: String): ProductConnection!
}

type Mutation {
  fulfillmentOrderMove(id: ID!, newLocationId: ID!, fulfillmentOrderLineItems: [FulfillmentOrderLineItemInput!]): FulfillmentOrderMovePayload
  fulfillmentCreate(fulfillment: FulfillmentInput!, message: String): FulfillmentCreatePayload
  fulfillmentOrderHold(id: ID!, fulfillmentHold: FulfillmentOrderHoldInput!): FulfillmentOrderHoldPayload
  fulfillmentOrderReleaseHold(id: ID!, holdIds: [ID!], externalId: String): FulfillmentOrderReleaseHoldPayload
  fulfillmentOrderSplit(fulfillmentOrderSplits: [FulfillmentOrderSplitInput!]!): FulfillmentOrderSplitPayload
  fulfillmentEventCreate(fulfillmentEvent: FulfillmentEventInput!): FulfillmentEventCreatePayload
  webhookSubscriptionCreate(topic: WebhookSubscriptionTopic!, webhookSubscription: WebhookSubscriptionInput!): WebhookSubscriptionCreatePayload
  webhookSubscriptionDelete(id: ID!): WebhookSubscriptionDeletePayload
}

type PageInfo { hasNextPage: Boolean! hasPreviousPage: Boolean! startCursor: String endCursor: String }
type Count { count: Int! precision: CountPrecision! }
enum CountPrecision { EXACT AT_LEAST }
enum CurrencyCode { RON EUR USD GBP HUF BGN }
enum CountryCode { RO MD BG HU DE AT IT FR ES GB US }
type MoneyV2 { amount: Decimal! currencyCode: CurrencyCode! }
type MoneyBag { shopMoney: MoneyV2! presentmentMoney: MoneyV2! }
type Weight { unit: WeightUnit! value: Float! }
enum WeightUnit { GRAMS KILOGRAMS OUNCES POUNDS }
type Image { id: ID url: URL! altText: String }

type Shop { id: ID! name: String! myshopifyDomain: String! email: String! contactEmail: String! currencyCode: CurrencyCode! ianaTimezone: String! plan: ShopPlan! }
type ShopPlan { displayName: String! partnerDevelopment: Boolean! shopifyPlus: Boolean! }

type Location { id: ID! legacyResourceId: UnsignedInt64! name: String! isActive: Boolean! fulfillsOnlineOrders: Boolean! address: LocationAddress! }
type LocationAddress { address1: String address2: String city: String province: String provinceCode: String zip: String country: String countryCode: String phone: String formatted: [String!]! }
${connection('Location')}

enum OrderSortKeys { CREATED_AT CUSTOMER_NAME FINANCIAL_STATUS FULFILLMENT_STATUS ID ORDER_NUMBER PROCESSED_AT RELEVANCE TOTAL_PRICE UPDATED_AT }
enum OrderDisplayFinancialStatus { AUTHORIZED EXPIRED PAID PARTIALLY_PAID PARTIALLY_REFUNDED PENDING REFUNDED VOIDED }
enum OrderDisplayFulfillmentStatus { FULFILLED IN_PROGRESS ON_HOLD OPEN PARTIALLY_FULFILLED PENDING_FULFILLMENT REQUEST_DECLINED RESTOCKED SCHEDULED UNFULFILLED }
enum OrderCancelReason { CUSTOMER DECLINED FRAUD INVENTORY OTHER STAFF }
type Order {
  id: ID! legacyResourceId: UnsignedInt64! name: String! email: String phone: String
  createdAt: DateTime! updatedAt: DateTime! processedAt: DateTime! cancelledAt: DateTime cancelReason: OrderCancelReason closed: Boolean! closedAt: DateTime
  displayFinancialStatus: OrderDisplayFinancialStatus displayFulfillmentStatus: OrderDisplayFulfillmentStatus!
  paymentGatewayNames: [String!]! tags: [String!]! note: String currencyCode: CurrencyCode!
  customer: Customer shippingAddress: MailingAddress billingAddress: MailingAddress
  subtotalPriceSet: MoneyBag totalShippingPriceSet: MoneyBag! totalPriceSet: MoneyBag! currentTotalPriceSet: MoneyBag!
  totalWeight: UnsignedInt64 currentSubtotalLineItemsQuantity: Int!
  lineItems(${CONNECTION_ARGS}): LineItemConnection!
  fulfillmentOrders(${CONNECTION_ARGS}, displayable: Boolean = false, query: String): FulfillmentOrderConnection!
  fulfillments(first: Int): [Fulfillment!]!
}
${connection('Order')}
type Customer { id: ID! firstName: String lastName: String displayName: String! email: String phone: String }
type MailingAddress { name: String firstName: String lastName: String company: String address1: String address2: String city: String province: String provinceCode: String zip: String country: String countryCodeV2: CountryCode phone: String }

type LineItem {
  id: ID! name: String! title: String! variantTitle: String sku: String quantity: Int! currentQuantity: Int! unfulfilledQuantity: Int! requiresShipping: Boolean!
  originalUnitPriceSet: MoneyBag! originalTotalSet: MoneyBag! variant: ProductVariant product: Product image: Image
}
${connection('LineItem')}

enum ProductStatus { ACTIVE ARCHIVED DRAFT }
type Product { id: ID! legacyResourceId: UnsignedInt64! title: String! handle: String! status: ProductStatus! vendor: String! productType: String! featuredImage: Image variants(${CONNECTION_ARGS}): ProductVariantConnection! }
${connection('Product')}
type ProductVariant { id: ID! legacyResourceId: UnsignedInt64! title: String! displayName: String! sku: String price: Money! barcode: String image: Image inventoryQuantity: Int product: Product! inventoryItem: InventoryItem! }
${connection('ProductVariant')}
type InventoryItem { id: ID! requiresShipping: Boolean! measurement: InventoryItemMeasurement! }
type InventoryItemMeasurement { id: ID! weight: Weight }

enum FulfillmentOrderStatus { CANCELLED CLOSED INCOMPLETE IN_PROGRESS ON_HOLD OPEN SCHEDULED }
enum FulfillmentOrderRequestStatus { ACCEPTED CANCELLATION_ACCEPTED CANCELLATION_REJECTED CANCELLATION_REQUESTED CLOSED REJECTED SUBMITTED UNSUBMITTED }
enum FulfillmentOrderAction { CANCEL_FULFILLMENT_ORDER CREATE_FULFILLMENT EXTERNAL HOLD MARK_AS_OPEN MERGE MOVE RELEASE_HOLD REQUEST_CANCELLATION REQUEST_FULFILLMENT SPLIT }
enum FulfillmentHoldReason { AWAITING_PAYMENT AWAITING_RETURN_ITEMS HIGH_RISK_OF_FRAUD INCORRECT_ADDRESS INVENTORY_OUT_OF_STOCK ONLINE_STORE_POST_PURCHASE_CROSS_SELL OTHER UNKNOWN_DELIVERY_DATE }
enum DeliveryMethodType { LOCAL NONE PICKUP_POINT PICK_UP RETAIL SHIPPING }
type FulfillmentOrder {
  id: ID! orderId: ID! orderName: String! status: FulfillmentOrderStatus! requestStatus: FulfillmentOrderRequestStatus!
  createdAt: DateTime! updatedAt: DateTime! fulfillAt: DateTime
  assignedLocation: FulfillmentOrderAssignedLocation! destination: FulfillmentOrderDestination deliveryMethod: DeliveryMethod
  lineItems(${CONNECTION_ARGS}): FulfillmentOrderLineItemConnection!
  fulfillmentHolds: [FulfillmentHold!]! supportedActions: [FulfillmentOrderSupportedAction!]!
  locationsForMove(${CONNECTION_ARGS}, lineItemIds: [ID!], locationIds: [ID!], query: String): FulfillmentOrderLocationForMoveConnection!
  fulfillments(${CONNECTION_ARGS}): FulfillmentConnection!
}
${connection('FulfillmentOrder')}
type FulfillmentOrderAssignedLocation { name: String! address1: String address2: String city: String province: String zip: String countryCode: CountryCode! phone: String location: Location }
type FulfillmentOrderDestination { firstName: String lastName: String company: String address1: String address2: String city: String province: String zip: String countryCode: CountryCode phone: String email: String }
type DeliveryMethod { id: ID! methodType: DeliveryMethodType! presentedName: String serviceCode: String }
type FulfillmentOrderLineItem { id: ID! totalQuantity: Int! remainingQuantity: Int! sku: String productTitle: String! variantTitle: String weight: Weight image: Image lineItem: LineItem! }
${connection('FulfillmentOrderLineItem')}
type FulfillmentHold { id: ID! reason: FulfillmentHoldReason! reasonNotes: String handle: String displayReason: String! heldByRequestingApp: Boolean! }
type FulfillmentOrderSupportedAction { action: FulfillmentOrderAction! }
type FulfillmentOrderLocationForMove { location: Location! movable: Boolean! message: String availableLineItemsCount: Count unavailableLineItemsCount: Count }
${connection('FulfillmentOrderLocationForMove')}

enum FulfillmentStatus { CANCELLED ERROR FAILURE SUCCESS }
enum FulfillmentDisplayStatus { ATTEMPTED_DELIVERY CANCELED CARRIER_PICKED_UP CONFIRMED DELAYED DELIVERED FAILURE FULFILLED IN_TRANSIT LABEL_PRINTED LABEL_PURCHASED LABEL_VOIDED MARKED_AS_FULFILLED NOT_DELIVERED OUT_FOR_DELIVERY PICKED_UP READY_FOR_PICKUP SUBMITTED }
enum FulfillmentEventStatus { ATTEMPTED_DELIVERY CARRIER_PICKED_UP CONFIRMED DELAYED DELIVERED FAILURE IN_TRANSIT LABEL_PRINTED LABEL_PURCHASED OUT_FOR_DELIVERY PICKED_UP READY_FOR_PICKUP }
type Fulfillment {
  id: ID! name: String! status: FulfillmentStatus! displayStatus: FulfillmentDisplayStatus createdAt: DateTime! updatedAt: DateTime!
  trackingInfo(first: Int): [FulfillmentTrackingInfo!]!
  fulfillmentLineItems(${CONNECTION_ARGS}): FulfillmentLineItemConnection!
  events(${CONNECTION_ARGS}): FulfillmentEventConnection!
}
${connection('Fulfillment')}
type FulfillmentTrackingInfo { company: String number: String url: URL }
type FulfillmentLineItem { id: ID! quantity: Int lineItem: LineItem! }
${connection('FulfillmentLineItem')}
type FulfillmentEvent { id: ID! status: FulfillmentEventStatus! message: String happenedAt: DateTime! }
${connection('FulfillmentEvent')}

input FulfillmentOrderLineItemInput { id: ID! quantity: Int! }
input FulfillmentOrderLineItemsInput { fulfillmentOrderId: ID! fulfillmentOrderLineItems: [FulfillmentOrderLineItemInput!] }
input FulfillmentTrackingInput { company: String number: String url: URL numbers: [String!] urls: [URL!] }
input FulfillmentOriginAddressInput { address1: String address2: String city: String countryCode: String! provinceCode: String zip: String }
input FulfillmentInput { lineItemsByFulfillmentOrder: [FulfillmentOrderLineItemsInput!]! notifyCustomer: Boolean = false trackingInfo: FulfillmentTrackingInput originAddress: FulfillmentOriginAddressInput }
input FulfillmentOrderHoldInput { reason: FulfillmentHoldReason! reasonNotes: String notifyMerchant: Boolean = false handle: String externalId: String fulfillmentOrderLineItems: [FulfillmentOrderLineItemInput!] }
input FulfillmentOrderSplitInput { fulfillmentOrderId: ID! fulfillmentOrderLineItems: [FulfillmentOrderLineItemInput!]! }
input FulfillmentEventInput { fulfillmentId: ID! status: FulfillmentEventStatus! message: String happenedAt: DateTime estimatedDeliveryAt: DateTime city: String province: String country: String zip: String address1: String latitude: Float longitude: Float }

type UserError { field: [String!] message: String! }
${userError('FulfillmentOrderMoveUserError', ['FULFILLMENT_ORDER_NOT_FOUND', 'LOCATION_NOT_FOUND', 'CANNOT_MOVE', 'INVALID_LINE_ITEM_QUANTITY'])}
${userError('FulfillmentOrderHoldUserError', ['FULFILLMENT_ORDER_NOT_FOUND', 'GREATER_THAN_ZERO', 'INVALID_LINE_ITEM_QUANTITY', 'TAKEN', 'FULFILLMENT_ORDER_HOLD_LIMIT_REACHED', 'FULFILLMENT_ORDER_NOT_HOLDABLE'])}
${userError('FulfillmentOrderReleaseHoldUserError', ['FULFILLMENT_ORDER_NOT_FOUND', 'INVALID_ACCESS', 'FULFILLMENT_ORDER_NOT_ON_HOLD'])}
${userError('FulfillmentOrderSplitUserError', ['FULFILLMENT_ORDER_NOT_FOUND', 'GREATER_THAN', 'INVALID_LINE_ITEM_QUANTITY', 'NO_LINE_ITEMS_PROVIDED_TO_SPLIT', 'FULFILLMENT_ORDER_NOT_SPLITTABLE'])}
type FulfillmentOrderMovePayload { movedFulfillmentOrder: FulfillmentOrder originalFulfillmentOrder: FulfillmentOrder remainingFulfillmentOrder: FulfillmentOrder userErrors: [FulfillmentOrderMoveUserError!]! }
type FulfillmentCreatePayload { fulfillment: Fulfillment userErrors: [UserError!]! }
type FulfillmentOrderHoldPayload { fulfillmentHold: FulfillmentHold fulfillmentOrder: FulfillmentOrder remainingFulfillmentOrder: FulfillmentOrder userErrors: [FulfillmentOrderHoldUserError!]! }
type FulfillmentOrderReleaseHoldPayload { fulfillmentOrder: FulfillmentOrder userErrors: [FulfillmentOrderReleaseHoldUserError!]! }
type FulfillmentOrderSplitResult { fulfillmentOrder: FulfillmentOrder! remainingFulfillmentOrder: FulfillmentOrder! replacementFulfillmentOrder: FulfillmentOrder }
type FulfillmentOrderSplitPayload { fulfillmentOrderSplits: [FulfillmentOrderSplitResult!] userErrors: [FulfillmentOrderSplitUserError!]! }
type FulfillmentEventCreatePayload { fulfillmentEvent: FulfillmentEvent userErrors: [UserError!]! }

enum WebhookSubscriptionTopic { APP_UNINSTALLED FULFILLMENT_ORDERS_HOLD_RELEASED FULFILLMENT_ORDERS_MOVED FULFILLMENT_ORDERS_PLACED_ON_HOLD ORDERS_CANCELLED ORDERS_CREATE ORDERS_FULFILLED ORDERS_PAID ORDERS_UPDATED PRODUCTS_CREATE PRODUCTS_UPDATE }
enum WebhookSubscriptionFormat { JSON XML }
input WebhookSubscriptionInput { callbackUrl: URL uri: String format: WebhookSubscriptionFormat includeFields: [String!] metafieldNamespaces: [String!] filter: String }
type WebhookHttpEndpoint { callbackUrl: URL! }
union WebhookSubscriptionEndpoint = WebhookHttpEndpoint
type WebhookSubscription { id: ID! topic: WebhookSubscriptionTopic! format: WebhookSubscriptionFormat! endpoint: WebhookSubscriptionEndpoint! uri: String! createdAt: DateTime! }
type WebhookSubscriptionCreatePayload { webhookSubscription: WebhookSubscription userErrors: [UserError!]! }
type WebhookSubscriptionDeletePayload { deletedWebhookSubscriptionId: ID userErrors: [UserError!]! }
`;
