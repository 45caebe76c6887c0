import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../../db/types.js';
import { PEOPLE_INPUT } from '../inputs.js';
import { ok } from '../../../../http/envelope.js';
import { missingParam } from '../../../../http/errors.js';
import { param } from '../../../../http/params.js';
import { maskIdNumber, maskPhone } from '../../../../shared/mask.js';
import { formatDateTime, parseDateTime } from '../../../../util/time.js';
import { createPeopleSession } from '../peopleSession.js';
import { casAdapter } from './cas.js';
import { ssoSettings } from './config.js';
import { NOT_CONFIGURED, ssoRefused, type IdentityAdapter, type StartedSignIn } from './identity.js';
import { memberOf } from './members.js';
import { oidcAdapter } from './oidc.js';

/** A started sign-in is good for this long (the platform's login form, typing, a text message code). */
export const STATE_MINUTES = 10;

function adapters(): { oidc: IdentityAdapter | null; cas: IdentityAdapter | null; label: string } {
  const s = ssoSettings();
  return { oidc: s.oidc ? oidcAdapter(s.oidc, s) : null, cas: s.cas ? casAdapter(s.cas, s) : null, label: s.label };
}

const text = (request: FastifyRequest, name: string): string => {
  const v = param(request, name);
  return v === undefined || v === null ? '' : String(v).trim().slice(0, 2048);
};

/** Takes a started sign-in out of the table (once: a second use finds nothing). */
async function takeState(db: Db, state: string): Promise<StartedSignIn | null> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(state)) return null;
  const row = await db.deleteFrom('people_sso_state').where('state', '=', state).returningAll().executeTakeFirst();
  if (!row) return null;
  if (Date.now() - parseDateTime(row.createdAt).getTime() > STATE_MINUTES * 60_000) throw ssoRefused(`登录请求已超过${STATE_MINUTES}分钟，已失效，请重新登录`);
  return { url: '', state: row.state, nonce: row.nonce, codeVerifier: row.codeVerifier };
}

/**
 * 统一身份认证 (docs/identity.md): `/web/people/ssoConfig` tells the public pages whether to offer the
 * button, `/web/people/ssoStart` begins a sign-in, and the spec's `/web/people/checkLoginNoCode` takes
 * what the platform sent back — `code` (+ `state`, `iss`) of OpenID Connect or `ticket` of CAS — and
 * answers a member token as `/web/people/mobileLogin` does.
 */
export async function ssoRoutes(app: FastifyInstance) {
  const db = app.db;
  const limit = { rateLimit: { max: 30, timeWindow: 60_000 } };

  app.get('/web/people/ssoConfig', { config: { public: true }, schema: PEOPLE_INPUT.noQuery, attachValidation: true }, async () => {
    const a = adapters();
    const kind = a.oidc ? 'oidc' : a.cas ? 'cas' : null;
    return ok({ enabled: Boolean(kind), kind, label: a.label });
  });

  app.post('/web/people/ssoStart', { config: { public: true, ...limit }, schema: PEOPLE_INPUT.none, attachValidation: true }, async () => {
    const a = adapters();
    const adapter = a.oidc ?? a.cas;
    if (!adapter) throw NOT_CONFIGURED();
    const started = await adapter.start();
    const now = new Date();
    // Old unfinished sign-ins go as new ones start (no job needed).
    await db.deleteFrom('people_sso_state').where('createdAt', '<', formatDateTime(new Date(now.getTime() - STATE_MINUTES * 60_000))).execute();
    if (started.state && started.nonce && started.codeVerifier) {
      await db.insertInto('people_sso_state').values({ state: started.state, kind: adapter.kind, nonce: started.nonce, codeVerifier: started.codeVerifier, createdAt: formatDateTime(now) }).execute();
    }
    return ok({ kind: adapter.kind, url: started.url, state: started.state ?? null });
  });

  app.post('/web/people/checkLoginNoCode', { config: { public: true, ...limit }, schema: PEOPLE_INPUT.ssoReturn, attachValidation: true }, async (request) => {
    const code = text(request, 'code');
    const ticket = text(request, 'ticket');
    if (!code && !ticket) throw missingParam('code');
    const a = adapters();
    let who;
    if (code) {
      if (!a.oidc) throw NOT_CONFIGURED();
      const state = text(request, 'state');
      const pending = state ? await takeState(db, state) : null;
      if (!pending) throw ssoRefused('登录请求无效或已过期，请重新点击“统一身份认证登录”');
      who = await a.oidc.verify({ code, state, iss: text(request, 'iss'), session_state: text(request, 'session_state') }, pending);
    } else {
      if (!a.cas) throw NOT_CONFIGURED();
      who = await a.cas.verify({ ticket }, null);
    }
    const person = await memberOf(app.entities, who);
    const puPeopleId = Number(person.puPeopleId);
    const token = await createPeopleSession(db, puPeopleId);
    const str = (v: unknown) => (v === undefined || v === null ? null : String(v));
    return ok(
      { value: token, puPeopleId, name: person.name ?? null, phone: maskPhone(str(person.phone)) ?? null, idNumber: maskIdNumber(str(person.idNumber)) ?? null, userStatus: person.userStatus },
      '登录成功',
    );
  });
}
