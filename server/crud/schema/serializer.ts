import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import build, { type Schema } from 'fast-json-stringify';
import { onceBySchema } from './compileOnce.js';

const compiledOnce = onceBySchema((schema) => build(schema as Schema));

type Node = { type?: string | string[]; properties?: Record<string, Node>; items?: Node };

const jsonType = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v);

/**
 * True when every value the schema types has one of its types. fast-json-stringify would otherwise convert
 * some values silently (a hook's list in a text field, [2, 5], became "2,5").
 */
export function typesAgree(schema: Node | undefined, value: unknown): boolean {
  if (!schema || typeof schema !== 'object' || value === undefined) return true;
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    const t = jsonType(value);
    if (!types.includes(t) && !(t === 'integer' && types.includes('number'))) return false;
  }
  if (Array.isArray(value)) return !schema.items || value.every((v) => typesAgree(schema.items, v));
  if (value && typeof value === 'object' && schema.properties) {
    for (const [k, s] of propertiesOf(schema.properties)) if (!typesAgree(s, (value as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/** A schema's properties as entries, listed once per schema (every row of every answer is checked: session 31). */
const entriesOf = new WeakMap<Record<string, Node>, [string, Node][]>();
function propertiesOf(properties: Record<string, Node>): [string, Node][] {
  let entries = entriesOf.get(properties);
  if (!entries) entriesOf.set(properties, (entries = Object.entries(properties)));
  return entries;
}

/**
 * Response serializer of the generic routes: fast-json-stringify compiled from the route's response
 * schema (every field type declared with `null`, records open to extra values), and plain JSON.stringify
 * for a value the schema does not describe (an odd row, a hook's value of another type): no value ever
 * changes on the wire (tests/api/route-schemas.test.ts).
 */
export const safeSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  const fast = compiledOnce(schema);
  return (data: unknown) => {
    if (!typesAgree(schema as Node, data)) return JSON.stringify(data);
    try {
      return fast(data);
    } catch {
      return JSON.stringify(data);
    }
  };
};
