import type { ShopifyAdapter } from '../../integrations/store/index.js';

/*
 * Changing a shop's fulfillment orders through Admin GraphQL (issue 13): moving one to another
 * location, holding and releasing it, creating a fulfillment with its tracking (issue 14); and
 * subscribing the shop's webhooks when it connects. Each answers Shopify's userErrors as they came.
 */

export type StoreUserError = { field: string[] | null; message: string };
type Located = { id: string; status: string; assignedLocation: { name: string; location: { id: string } | null } };

const FO_FIELDS = 'id status assignedLocation { name location { id } }';

export const MOVE_MUTATION = `mutation Move($id: ID!, $newLocationId: ID!, $fulfillmentOrderLineItems: [FulfillmentOrderLineItemInput!]) {
  fulfillmentOrderMove(id: $id, newLocationId: $newLocationId, fulfillmentOrderLineItems: $fulfillmentOrderLineItems) {
    movedFulfillmentOrder { ${FO_FIELDS} } originalFulfillmentOrder { ${FO_FIELDS} } remainingFulfillmentOrder { ${FO_FIELDS} }
    userErrors { field message }
  }
}`;
export const HOLD_MUTATION = `mutation Hold($id: ID!, $fulfillmentHold: FulfillmentOrderHoldInput!) {
  fulfillmentOrderHold(id: $id, fulfillmentHold: $fulfillmentHold) { fulfillmentHold { id reason reasonNotes } fulfillmentOrder { ${FO_FIELDS} } userErrors { field message } }
}`;
export const RELEASE_MUTATION = `mutation Release($id: ID!) {
  fulfillmentOrderReleaseHold(id: $id) { fulfillmentOrder { ${FO_FIELDS} } userErrors { field message } }
}`;
export const FULFILLMENT_CREATE_MUTATION = `mutation Fulfil($fulfillment: FulfillmentInput!) {
  fulfillmentCreate(fulfillment: $fulfillment) { fulfillment { id name status trackingInfo { company number url } } userErrors { field message } }
}`;
export const SPLIT_MUTATION = `mutation Split($fulfillmentOrderSplits: [FulfillmentOrderSplitInput!]!) {
  fulfillmentOrderSplit(fulfillmentOrderSplits: $fulfillmentOrderSplits) { fulfillmentOrderSplits { fulfillmentOrder { id status } remainingFulfillmentOrder { id status } } userErrors { field message } }
}`;
export const FULFILLMENT_EVENT_MUTATION = `mutation Event($fulfillmentEvent: FulfillmentEventInput!) {
  fulfillmentEventCreate(fulfillmentEvent: $fulfillmentEvent) { fulfillmentEvent { id status happenedAt } userErrors { field message } }
}`;
export const ORDER_FULFILLMENTS_QUERY = `query OrderFulfillments($id: ID!) { order(id: $id) { id fulfillments(first: 50) { id trackingInfo { number } } } }`;
export const FULFILLMENT_ORDER_QUERY = `query FulfillmentOrder($id: ID!) {
  fulfillmentOrder(id: $id) { ${FO_FIELDS} orderId supportedActions { action } locationsForMove(first: 10) { nodes { location { id name } movable message } } }
}`;
export const WEBHOOK_MUTATION = `mutation Subscribe($topic: WebhookSubscriptionTopic!, $webhookSubscription: WebhookSubscriptionInput!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) { webhookSubscription { id topic } userErrors { field message } }
}`;

/** The topics the platform listens to (Shopify's GraphQL names). */
export const STORE_WEBHOOK_TOPICS = ['ORDERS_CREATE', 'ORDERS_UPDATED', 'ORDERS_CANCELLED', 'FULFILLMENT_ORDERS_MOVED', 'FULFILLMENT_ORDERS_PLACED_ON_HOLD', 'FULFILLMENT_ORDERS_HOLD_RELEASED', 'APP_UNINSTALLED'] as const;

const located = (fo: Located | null) => (fo ? { id: fo.id, status: fo.status, location: { id: fo.assignedLocation.location?.id ?? null, name: fo.assignedLocation.name } } : null);
export type MovableLocation = { id: string; name: string; movable: boolean; message: string | null };

export function shopFulfillment(app: Pick<ShopifyAdapter, 'graphql'>) {
  return {
    /** One fulfillment order with where it can be moved, or null when the shop has none of that id. */
    async fulfillmentOrder(shop: string, token: string, id: string) {
      type Node = Located & { orderId: string; supportedActions: { action: string }[]; locationsForMove: { nodes: { location: { id: string; name: string }; movable: boolean; message: string | null }[] } };
      const answer = await app.graphql<{ fulfillmentOrder: Node | null }>(shop, token, FULFILLMENT_ORDER_QUERY, { id });
      const fo = answer.data.fulfillmentOrder;
      if (!fo) return null;
      return {
        ...located(fo)!,
        orderId: fo.orderId,
        supportedActions: fo.supportedActions.map((a) => a.action),
        locationsForMove: fo.locationsForMove.nodes.map((n): MovableLocation => ({ id: n.location.id, name: n.location.name, movable: n.movable, message: n.message })),
      };
    },

    /** Moves the fulfillment order (all of it, or the given lines) to another location. */
    async move(shop: string, token: string, fulfillmentOrderId: string, locationId: string, lines?: { id: string; quantity: number }[]) {
      type Payload = { movedFulfillmentOrder: Located | null; originalFulfillmentOrder: Located | null; remainingFulfillmentOrder: Located | null; userErrors: StoreUserError[] };
      const answer = await app.graphql<{ fulfillmentOrderMove: Payload }>(shop, token, MOVE_MUTATION, { id: fulfillmentOrderId, newLocationId: locationId, fulfillmentOrderLineItems: lines ?? null });
      const p = answer.data.fulfillmentOrderMove;
      return { moved: located(p.movedFulfillmentOrder), original: located(p.originalFulfillmentOrder), remaining: located(p.remainingFulfillmentOrder), userErrors: p.userErrors };
    },

    /** Puts the fulfillment order on hold (Shopify's reasons: AWAITING_PAYMENT, INCORRECT_ADDRESS, OTHER...). */
    async hold(shop: string, token: string, fulfillmentOrderId: string, hold: { reason: string; reasonNotes?: string | null }) {
      type Payload = { fulfillmentHold: { id: string; reason: string; reasonNotes: string | null } | null; fulfillmentOrder: Located | null; userErrors: StoreUserError[] };
      const answer = await app.graphql<{ fulfillmentOrderHold: Payload }>(shop, token, HOLD_MUTATION, { id: fulfillmentOrderId, fulfillmentHold: { reason: hold.reason, reasonNotes: hold.reasonNotes ?? null } });
      const p = answer.data.fulfillmentOrderHold;
      return { hold: p.fulfillmentHold, fulfillmentOrder: located(p.fulfillmentOrder), userErrors: p.userErrors };
    },

    /** Releases the fulfillment order's holds. */
    async release(shop: string, token: string, fulfillmentOrderId: string) {
      const answer = await app.graphql<{ fulfillmentOrderReleaseHold: { fulfillmentOrder: Located | null; userErrors: StoreUserError[] } }>(shop, token, RELEASE_MUTATION, { id: fulfillmentOrderId });
      const p = answer.data.fulfillmentOrderReleaseHold;
      return { fulfillmentOrder: located(p.fulfillmentOrder), userErrors: p.userErrors };
    },

    /** A fulfillment of the fulfillment order's lines (all that remain when none are named), with its tracking. */
    async createFulfillment(
      shop: string,
      token: string,
      input: { fulfillmentOrderId: string; lines?: { id: string; quantity: number }[]; tracking?: { company?: string; number?: string; url?: string }; notifyCustomer?: boolean },
    ) {
      type Payload = { fulfillment: { id: string; name: string; status: string; trackingInfo: { company: string | null; number: string | null; url: string | null }[] } | null; userErrors: StoreUserError[] };
      const fulfillment = {
        lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: input.fulfillmentOrderId, ...(input.lines ? { fulfillmentOrderLineItems: input.lines } : {}) }],
        ...(input.tracking ? { trackingInfo: input.tracking } : {}),
        notifyCustomer: input.notifyCustomer ?? false,
      };
      const answer = await app.graphql<{ fulfillmentCreate: Payload }>(shop, token, FULFILLMENT_CREATE_MUTATION, { fulfillment });
      return answer.data.fulfillmentCreate;
    },

    /** Splits the lines named (with their quantities) off into a new fulfillment order (the postponed products stay awaiting there). */
    async split(shop: string, token: string, fulfillmentOrderId: string, lines: { id: string; quantity: number }[]) {
      type Payload = { fulfillmentOrderSplits: { fulfillmentOrder: { id: string; status: string }; remainingFulfillmentOrder: { id: string; status: string } }[] | null; userErrors: StoreUserError[] };
      const answer = await app.graphql<{ fulfillmentOrderSplit: Payload }>(shop, token, SPLIT_MUTATION, { fulfillmentOrderSplits: [{ fulfillmentOrderId, fulfillmentOrderLineItems: lines }] });
      return answer.data.fulfillmentOrderSplit;
    },

    /** The order's fulfillments with their tracking numbers (was an AWB's fulfillment already made?). */
    async fulfillmentsOf(shop: string, token: string, orderId: string) {
      const answer = await app.graphql<{ order: { fulfillments: { id: string; trackingInfo: { number: string | null }[] }[] } | null }>(shop, token, ORDER_FULFILLMENTS_QUERY, { id: orderId });
      return answer.data.order?.fulfillments ?? [];
    },

    /** A tracking event of a fulfillment (Shopify's FulfillmentEventStatus: DELIVERED, FAILURE, ...). */
    async fulfillmentEvent(shop: string, token: string, event: { fulfillmentId: string; status: string; message?: string | null; happenedAt: string }) {
      type Payload = { fulfillmentEvent: { id: string; status: string } | null; userErrors: StoreUserError[] };
      const answer = await app.graphql<{ fulfillmentEventCreate: Payload }>(shop, token, FULFILLMENT_EVENT_MUTATION, { fulfillmentEvent: event });
      return answer.data.fulfillmentEventCreate;
    },

    /** Subscribes every topic the platform listens to at our webhook address; one already subscribed counts as done. */
    async subscribeWebhooks(shop: string, token: string, callbackUrl: string) {
      const failed: { topic: string; errors: StoreUserError[] }[] = [];
      for (const topic of STORE_WEBHOOK_TOPICS) {
        type Payload = { webhookSubscription: { id: string } | null; userErrors: StoreUserError[] };
        const answer = await app.graphql<{ webhookSubscriptionCreate: Payload }>(shop, token, WEBHOOK_MUTATION, { topic, webhookSubscription: { callbackUrl, format: 'JSON' } });
        const errors = answer.data.webhookSubscriptionCreate.userErrors.filter((e) => !/already been taken/i.test(e.message));
        if (errors.length) failed.push({ topic, errors });
      }
      return { failed };
    },
  };
}

/** Shopify's reasons a location cannot take a fulfillment order, as the page shows them (others are shown as Shopify wrote them). */
const MOVE_REASONS: [RegExp, string][] = [
  [/^Current location\.?$/i, 'Locatia curenta a comenzii.'],
  [/does not fulfill online orders/i, 'Locatia nu livreaza comenzi online.'],
  [/^No inventory at this location/i, 'Locatia nu are in stoc toate produsele.'],
  [/cannot be moved/i, 'Comanda nu mai poate fi mutata.'],
];
export const moveReason = (message: string | null) => (message === null ? null : (MOVE_REASONS.find(([re]) => re.test(message))?.[1] ?? message));
