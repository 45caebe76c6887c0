import type { FastifyInstance } from 'fastify';
import type { ResourceDecl } from '../../resources/types.js';

/** The loaded declaration of a resource; extras of an undeclared resource are simply not registered. */
export function declarationOf(app: FastifyInstance, name: string): ResourceDecl | undefined {
  return app.portal.declarations.find((d) => d.name === name);
}
