/**
 * An operation's cost by Shopify's published rules: a scalar or enum 0, an object 1, a connection
 * 2 plus `first` (or `last`) times the cost of one of its nodes, a mutation 10. The requested cost
 * is read from the query before it runs; the actual cost from the answer (the nodes it returned).
 */
import {
  getArgumentValues,
  getNamedType,
  isAbstractType,
  isLeafType,
  isObjectType,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

const MUTATION_COST = 10;

type Walk = { schema: GraphQLSchema; fragments: Record<string, FragmentDefinitionNode>; variables: Record<string, unknown> };
type Data = Record<string, unknown> | null | undefined;

/** The fields a selection set selects on a type, fragments and inline fragments flattened (each with the type it is read on). */
function fieldsOf(walk: Walk, type: GraphQLCompositeType, set: SelectionSetNode, out: { node: FieldNode; on: GraphQLCompositeType }[] = []) {
  for (const s of set.selections) {
    if (s.kind === Kind.FIELD) out.push({ node: s, on: type });
    else {
      const fragment = s.kind === Kind.FRAGMENT_SPREAD ? walk.fragments[s.name.value] : s;
      if (!fragment) continue;
      const condition = fragment.typeCondition ? (walk.schema.getType(fragment.typeCondition.name.value) as GraphQLCompositeType | undefined) : type;
      if (condition) fieldsOf(walk, condition, fragment.selectionSet, out);
    }
  }
  return out;
}

/** The nodes' selection inside a connection (under `nodes` or `edges { node }`) and the node type. */
function nodeSelection(walk: Walk, connection: GraphQLCompositeType, set: SelectionSetNode) {
  const sets: SelectionSetNode[] = [];
  for (const { node, on } of fieldsOf(walk, connection, set)) {
    if (node.name.value === 'nodes' && node.selectionSet) sets.push(node.selectionSet);
    if (node.name.value === 'edges' && node.selectionSet && isObjectType(on)) {
      const edge = getNamedType(on.getFields().edges!.type) as GraphQLCompositeType;
      for (const inner of fieldsOf(walk, edge, node.selectionSet)) if (inner.node.name.value === 'node' && inner.node.selectionSet) sets.push(inner.node.selectionSet);
    }
  }
  return sets;
}

const keyOf = (node: FieldNode) => node.alias?.value ?? node.name.value;

/** The nodes a connection answered (from `nodes` or `edges`), whatever alias the query gave them. */
function answeredNodes(walk: Walk, connection: GraphQLCompositeType, set: SelectionSetNode, data: Data): Data[] {
  if (!data) return [];
  for (const { node } of fieldsOf(walk, connection, set)) {
    const value = data[keyOf(node)];
    if (node.name.value === 'nodes' && Array.isArray(value)) return value as Data[];
    if (node.name.value === 'edges' && Array.isArray(value)) {
      const inner = node.selectionSet?.selections.find((s): s is FieldNode => s.kind === Kind.FIELD && s.name.value === 'node');
      return (value as Data[]).map((e) => (e && inner ? (e[keyOf(inner)] as Data) : null));
    }
  }
  return [];
}

/**
 * The cost of a selection set on a type. Without `data` the requested cost (each connection at its
 * `first`); with the answer the actual cost (each connection at the nodes it returned, null objects free).
 */
function cost(walk: Walk, type: GraphQLCompositeType, set: SelectionSetNode, data?: Data, actual = false): number {
  let sum = 0;
  for (const { node, on } of fieldsOf(walk, type, set)) {
    if (node.name.value.startsWith('__') || isAbstractType(on)) continue;
    const def = on.getFields()[node.name.value];
    if (!def) continue;
    const named = getNamedType(def.type);
    if (isLeafType(named) || !node.selectionSet) continue;
    const child = named as GraphQLCompositeType;
    const value = actual ? data?.[keyOf(node)] : undefined;
    if (actual && (value === null || value === undefined)) continue;
    if (named.name.endsWith('Connection') && isObjectType(named)) {
      const args = getArgumentValues(def, node, walk.variables);
      const nodeType = getNamedType(named.getFields().nodes!.type) as GraphQLCompositeType;
      const sets = nodeSelection(walk, named, node.selectionSet);
      const one = (d?: Data) => 1 + sets.reduce((s, inner) => s + cost(walk, nodeType, inner, d, actual), 0);
      if (!actual) sum += 2 + Math.min(250, Math.max(0, Number(args.first ?? args.last ?? 0))) * one();
      else sum += 2 + answeredNodes(walk, named, node.selectionSet, value as Data).reduce((s, d) => s + one(d), 0);
    } else if (Array.isArray(value)) {
      // A plain list of objects costs as one of them (Shopify multiplies connections only).
      if (value.length) sum += 1 + cost(walk, child, node.selectionSet, value[0] as Data, actual);
    } else {
      sum += 1 + cost(walk, child, node.selectionSet, value as Data, actual);
    }
  }
  return sum;
}

/** The requested cost of the operation (variables already coerced). */
export function requestedCost(schema: GraphQLSchema, operation: OperationDefinitionNode, fragments: Walk['fragments'], variables: Record<string, unknown>) {
  if (operation.operation === 'mutation') return operation.selectionSet.selections.length * MUTATION_COST;
  return cost({ schema, fragments, variables }, schema.getQueryType()!, operation.selectionSet);
}

/** The actual cost of the operation from its answer. */
export function actualCost(schema: GraphQLSchema, operation: OperationDefinitionNode, fragments: Walk['fragments'], variables: Record<string, unknown>, data: Data) {
  if (operation.operation === 'mutation') return operation.selectionSet.selections.length * MUTATION_COST;
  return cost({ schema, fragments, variables }, schema.getQueryType()!, operation.selectionSet, data, true);
}
