import type { FastifyInstance, FastifyRequest } from 'fastify';
import { newToken, sha256, tokenFromHeader } from '../../../auth/tokens.js';
import type { Db, RowOf } from '../../../db/types.js';
import { PortalError } from '../../../http/errors.js';
import { formatDateTime, parseDateTime } from '../../../util/time.js';

/** Citizen sessions stay valid this long without use (a public visitor reads, then posts). */
export const PEOPLE_IDLE_MINUTES = 120;

export const frozenPerson = () => new PortalError(2004, '该账号已被冻结，请联系网站管理员');
export const peopleLoginRequired = () => new PortalError(401, '请先登录', 401);

/** Opens a citizen session (people_sessions, token stored as SHA-256 only). */
export async function createPeopleSession(db: Db, puPeopleId: number): Promise<string> {
  const token = newToken();
  const now = formatDateTime();
  await db.insertInto('people_sessions').values({ tokenHash: sha256(token), puPeopleId, createdAt: now, lastSeenAt: now, revoked: 0 }).execute();
  return token;
}

/**
 * The citizen of the request's `Authorization` token, or null (no token, unknown, idle, revoked, or a
 * staff token: those live in another table). A frozen citizen is refused with 2004 when `required`.
 */
export async function personOf(app: FastifyInstance, request: FastifyRequest, required: true): Promise<RowOf<'person'>>;
export async function personOf(app: FastifyInstance, request: FastifyRequest, required: boolean): Promise<RowOf<'person'> | null>;
export async function personOf(app: FastifyInstance, request: FastifyRequest, required: boolean): Promise<RowOf<'person'> | null> {
  const token = tokenFromHeader(request.headers.authorization);
  if (!token) {
    if (required) throw peopleLoginRequired();
    return null;
  }
  const tokenHash = sha256(token);
  const s = await app.db.selectFrom('people_sessions').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
  const fresh = s && s.revoked === 0 && Date.now() - parseDateTime(s.lastSeenAt).getTime() <= PEOPLE_IDLE_MINUTES * 60_000;
  if (!s || !fresh) {
    if (required) throw peopleLoginRequired();
    return null;
  }
  const person = await app.db.selectFrom('person').selectAll().where('puPeopleId', '=', s.puPeopleId).executeTakeFirst();
  if (!person) {
    if (required) throw peopleLoginRequired();
    return null;
  }
  if (Number(person.state) === 1) {
    // A frozen citizen's sessions end at once.
    await app.db.updateTable('people_sessions').set({ revoked: 1 }).where('puPeopleId', '=', person.puPeopleId).execute();
    throw frozenPerson();
  }
  if (Date.now() - parseDateTime(s.lastSeenAt).getTime() > 15_000) {
    await app.db.updateTable('people_sessions').set({ lastSeenAt: formatDateTime() }).where('tokenHash', '=', tokenHash).execute();
  }
  return person;
}
