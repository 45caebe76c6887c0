import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { sha256, tokenFromHeader } from '../auth/tokens.js';
import { PortalError } from '../http/errors.js';
import { bodyOf, queryOf } from '../http/params.js';
import { formatDateTime } from '../util/time.js';
import { increment } from '../shared/counters.js';

/** The table of the `blacklist` declaration (resources/blacklist.ts). */
const TABLE = 'public_blacklist';

/** Request fields that carry a submitter's phone number across the public calls. */
const PHONE_FIELDS = ['phone', 'mobile', 'peoplePhone', 'contactPhone', 'tel', 'telephone', 'phoneNumber'];

export const blacklisted = () => new PortalError(2005, '您的提交已被限制，如有疑问请联系网站管理员');

/** Digits of every phone-like field of the request (query and body). */
function phonesOf(request: FastifyRequest): string[] {
  const bag = { ...queryOf(request), ...bodyOf(request) };
  const out = new Set<string>();
  for (const f of PHONE_FIELDS) {
    const v = bag[f];
    if (typeof v === 'string' || typeof v === 'number') {
      const digits = String(v).replace(/\D/g, '');
      if (digits.length >= 7 && digits.length <= 20) out.add(digits);
    }
  }
  return [...out];
}

/** The citizen account id of the request's token, when it is a live citizen session. */
async function personIdOf(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  const token = tokenFromHeader(request.headers?.authorization);
  if (!token) return null;
  const s = (await app.db.selectFrom('people_sessions').select(['puPeopleId', 'revoked']).where('tokenHash', '=', sha256(token)).executeTakeFirst()) as
    | { puPeopleId: number; revoked: number }
    | undefined;
  return s && s.revoked === 0 ? String(s.puPeopleId) : null;
}

/**
 * Refuses a public submission whose IP, phone or citizen account is on the enabled, unexpired
 * blacklist (2005), and counts the refusal on the entry. Called by guardPublicSubmission first.
 * Without the blacklist declaration (a trimmed installation) it checks nothing.
 */
export async function refuseBlacklisted(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  if (!app.portal.declarations.some((d) => d.table === TABLE)) return;
  const ip = (request.ip || '').slice(0, 64);
  const phones = phonesOf(request);
  const person = await personIdOf(app, request);
  const now = formatDateTime();
  const hit = (await app.db
    .selectFrom(TABLE)
    .select('id')
    .where('status', '=', 1)
    .where((eb) => eb.or([eb('expireTime', 'is', null), eb('expireTime', '=', ''), eb('expireTime', '>', now)]))
    .where((eb) => {
      const any = [eb.and([eb('type', '=', 'ip'), eb('value', '=', ip)])];
      // Staff may type a number with spaces or dashes; compare digits with digits.
      if (phones.length) any.push(eb.and([eb('type', '=', 'phone'), eb(sql<string>`replace(replace(value, ' ', ''), '-', '')`, 'in', phones)]));
      if (person) any.push(eb.and([eb('type', '=', 'person'), eb('value', '=', person)]));
      return eb.or(any);
    })
    .executeTakeFirst()) as { id: number } | undefined;
  if (!hit) return;
  await increment(app.db, TABLE, 'hitCount', { column: 'id', keys: hit.id });
  throw blacklisted();
}
