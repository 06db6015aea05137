/**
 * The simulator's Admin GraphQL endpoint (POST /admin/api/{version}/graphql.json) on graphql-js:
 * the token's shop and scopes, the query parsed, validated and its variables coerced (each refusal a
 * top-level `errors` with HTTP 200, as Shopify answers), its cost asked of the shop's bucket
 * (MAX_COST_EXCEEDED, THROTTLED with 429), then run; the answer carries `extensions.cost`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { execute, getOperationAST, getVariableValues, GraphQLError, Kind, parse, print, validate, type DocumentNode, type FragmentDefinitionNode, type VariableDefinitionNode } from 'graphql';
import type { Db } from '../../db/client.js';
import { shopBuckets, type Bucket } from './simulator-bucket.js';
import { actualCost, requestedCost } from './simulator-cost.js';
import { SIM_LOST_FULFILLMENT_ANSWERS } from './simulator-mutations.js';
import { simulatorSchema, type SimContext } from './simulator-resolvers.js';
import { tokenShop } from './simulator-store.js';
import type { WebhookEvent } from './simulator-webhooks.js';

type ShopifyError = { message: string; locations?: readonly { line: number; column: number }[]; path?: readonly (string | number)[]; extensions?: Record<string, unknown> };

/** A validation error as Shopify words it (its graphql-ruby messages and codes where the platform meets them). */
export function shopifyValidationError(e: GraphQLError): ShopifyError {
  const locations = e.locations;
  let m = /^Cannot query field "(\w+)" on type "(\w+)"/.exec(e.message);
  if (m) return { message: `Field '${m[1]}' doesn't exist on type '${m[2]}'`, locations, extensions: { code: 'undefinedField', typeName: m[2], fieldName: m[1] } };
  m = /^Unknown argument "(\w+)" on field "(\w+)\.(\w+)"/.exec(e.message);
  if (m) return { message: `Field '${m[3]}' doesn't accept argument '${m[1]}'`, locations, extensions: { code: 'argumentNotAccepted', name: m[3], typeName: 'Field', argumentName: m[1] } };
  m = /^Field "(\w+)" argument "(\w+)" of type "([^"]+)" is required/.exec(e.message);
  if (m) return { message: `Field '${m[1]}' is missing required arguments: ${m[2]}`, locations, extensions: { code: 'missingRequiredArguments', className: 'Field', name: m[1], arguments: m[2] } };
  m = /^Unknown type "(\w+)"/.exec(e.message);
  if (m) return { message: `${m[1]} isn't a defined input type`, locations, extensions: { code: 'variableRequiresValidType', typeName: m[1] } };
  m = /^Value "?(\w+)"? does not exist in "(\w+)" enum/.exec(e.message);
  if (m) return { message: `Argument has an invalid value (${m[1]}). Expected type '${m[2]}'.`, locations, extensions: { code: 'argumentLiteralsIncompatible', typeName: 'CoercionError' } };
  if (/^(Enum|Expected value of type|Int cannot|String cannot|Boolean cannot|Float cannot|ID cannot)/.test(e.message)) {
    return { message: `Argument has an invalid value: ${e.message}`, locations, extensions: { code: 'argumentLiteralsIncompatible', typeName: 'CoercionError' } };
  }
  return { message: e.message, locations, extensions: { code: 'validationError' } };
}

/** A variable that does not fit its type: Shopify's 'was provided invalid value' with the problem. */
function variableError(e: GraphQLError, variables: Record<string, unknown>, definitions: readonly VariableDefinitionNode[]): ShopifyError {
  const name = /^Variable "\$(\w+)"/.exec(e.message)?.[1] ?? '';
  const definition = definitions.find((d) => d.variable.name.value === name);
  const type = definition ? print(definition.type) : '';
  return { message: `Variable $${name} of type ${type} was provided invalid value`, locations: e.locations, extensions: { value: variables[name] ?? null, problems: [{ path: [], explanation: e.message.replace(/^Variable "\$\w+" [^;:]*[;:] ?/, '') }] } };
}

export function graphqlEndpoint(deps: { db: Db; bucket: Bucket; deliver: (shop: string, events: WebhookEvent[]) => Promise<void> }) {
  const schema = simulatorSchema();
  const buckets = shopBuckets(deps.db, deps.bucket);
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

  return async (req: FastifyRequest, reply: FastifyReply) => {
    const token = str(req.headers['x-shopify-access-token']);
    const owner = token ? await tokenShop(deps.db, token) : null;
    if (!owner) return reply.status(401).send({ errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
    const { query, variables, operationName } = (req.body ?? {}) as { query?: unknown; variables?: unknown; operationName?: unknown };
    if (typeof query !== 'string' || !query.trim()) return reply.status(400).send({ errors: { query: 'Required parameter missing or invalid' } });
    const inputs = variables && typeof variables === 'object' ? (variables as Record<string, unknown>) : {};

    let document: DocumentNode;
    try {
      document = parse(query);
    } catch (err) {
      // Shopify answers a query it cannot read with HTTP 200 and the parser's error.
      const e = err as GraphQLError;
      const at = e.locations?.[0];
      return reply.status(200).send({ errors: [{ message: `syntax error, ${e.message.replace(/^Syntax Error: /, '')}${at ? ` at [${at.line}, ${at.column}]` : ''}`, locations: e.locations }] });
    }
    const invalid = validate(schema, document);
    if (invalid.length) return reply.status(200).send({ errors: invalid.map(shopifyValidationError) });
    const operation = getOperationAST(document, str(operationName));
    if (!operation) return reply.status(200).send({ errors: [{ message: 'An operation name is required when the document holds several operations', extensions: { code: 'operationNotFound' } }] });
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], inputs);
    if (coerced.errors) return reply.status(200).send({ errors: coerced.errors.map((e) => variableError(e, inputs, operation.variableDefinitions ?? [])) });
    const fragments = Object.fromEntries(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));

    const requested = requestedCost(schema, operation, fragments, coerced.coerced);
    // A single query may cost at most 1,000 points (or the whole bucket, when smaller): more is refused outright, not throttled.
    const maxCost = Math.min(1000, buckets.maximumAvailable);
    if (requested > maxCost) {
      return reply.status(200).send({
        errors: [{ message: `Query cost is ${requested}, which exceeds the single query max cost limit (${maxCost}).`, extensions: { code: 'MAX_COST_EXCEEDED', cost: requested, maxCost } }],
        extensions: { cost: { requestedQueryCost: requested, actualQueryCost: null } },
      });
    }
    const taken = await buckets.take(owner.shop, requested);
    if (!taken.ok) {
      reply.header('retry-after', String(taken.waitSeconds));
      return reply.status(429).send({
        errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' } }],
        extensions: { cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: taken.throttleStatus } },
      });
    }

    const context: SimContext = { db: deps.db, shop: owner.shop, granted: new Set(owner.scopes.split(',')), events: [], orders: new Map() };
    const result = await execute({ schema, document, operationName: str(operationName), variableValues: inputs, contextValue: context });
    // The changes' webhooks, delivered before the answer (Shopify sends them soon after).
    await deps.deliver(owner.shop, context.events);
    // A test's lost answer: the shop made the fulfillment, the platform hears only a gateway error.
    const lost = SIM_LOST_FULFILLMENT_ANSWERS.get(owner.shop);
    if (lost && (result.data as { fulfillmentCreate?: { fulfillment?: unknown } } | null)?.fulfillmentCreate?.fulfillment) {
      return reply.status(lost).type('text/html').send(`<html><body><h1>${lost} ${lost === 502 ? 'Bad Gateway' : 'Service Unavailable'}</h1></body></html>`);
    }
    const actual = actualCost(schema, operation, fragments, coerced.coerced, result.data as Record<string, unknown> | null);
    const throttleStatus = await buckets.refund(owner.shop, requested - actual, taken.throttleStatus);
    const extensions = { cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus } };
    const errors = result.errors?.map((e) => ({ message: e.message, locations: e.locations, path: e.path, extensions: e.extensions }));
    return reply.status(200).send(errors?.length ? { errors, data: result.data ?? null, extensions } : { data: result.data, extensions });
  };
}
