import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

type BuildValidator = NonNullable<NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator']>;
// What Fastify really passes and expects (the package's own types describe Ajv's compile instead).
type Validator = (data: unknown) => unknown;
type Compile = (route: { schema: unknown }) => Validator;

/**
 * Fastify compiles every route's schema again for each app it builds; a build compiles several hundred,
 * over a second of CPU. The compiled checks depend on the schema alone (and the Ajv options, which pick
 * the pool), so one process keeps them: an app built again in the same process (the test servers, a
 * restart in place) reuses them. Fastify's own compiler does the work; this only remembers its answers.
 * A validator keeps its last `errors` on itself, which Fastify reads synchronously right after the call,
 * so sharing one between apps is as safe as Ajv sharing it between routes.
 */
const pool = AjvCompiler() as unknown as (externalSchemas: unknown, options: unknown) => Compile;
const compiled = new WeakMap<Compile, Map<string, Validator>>();

export const buildValidatorOnce = ((externalSchemas: unknown, options: unknown) => {
  const compile = pool(externalSchemas, options);
  let known = compiled.get(compile);
  if (!known) compiled.set(compile, (known = new Map()));
  const cache = known;
  return (route: { schema: unknown }) => {
    const key = JSON.stringify(route.schema);
    let validator = cache.get(key);
    if (!validator) cache.set(key, (validator = compile(route)));
    return validator;
  };
}) as unknown as BuildValidator;

/** The same for a compiled serializer: one per schema text per process. */
export function onceBySchema<F>(build: (schema: unknown) => F): (schema: unknown) => F {
  const cache = new Map<string, F>();
  return (schema) => {
    const key = JSON.stringify(schema);
    let fn = cache.get(key);
    if (!fn) cache.set(key, (fn = build(schema)));
    return fn;
  };
}
