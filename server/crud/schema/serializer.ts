import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import build, { type Schema } from 'fast-json-stringify';
import { onceBySchema } from './compileOnce.js';

const compiledOnce = onceBySchema((schema) => build(schema as Schema));

/**
 * Response serializer of the generic routes: fast-json-stringify compiled from the route's response
 * schema (every field type declared with `null`, records open to extra values), and plain JSON.stringify
 * for a value the schema does not describe (an odd row, a hook's value of another type). fast-json-stringify
 * throws then instead of converting (tests/api/route-schemas.test.ts), so no value ever changes on the wire.
 */
export const safeSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  const fast = compiledOnce(schema);
  return (data: unknown) => {
    try {
      return fast(data);
    } catch {
      return JSON.stringify(data);
    }
  };
};
