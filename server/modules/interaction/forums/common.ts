/**
 * Kept only for interaction/people/routes.ts, which decl-core is moving onto the generic routes this
 * session: the helpers now live in server/shared/records.ts; import them from there.
 */
export { badState, requireDecl } from '../../../shared/records.js';
