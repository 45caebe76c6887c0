import type { FastifyRequest } from 'fastify';
import { searchOf } from '../../../crud/routes.js';
import type { Row } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { missingParam, notFoundRecord } from '../../../http/errors.js';
import { bodyOf, readId } from '../../../http/params.js';
import { admitPublicSubmission, cleanPhone, guardPublicSubmission, normaliseQueryCode } from '../../../public/guard.js';
import { checkProof } from './proof.js';
import {
  parseApplication,
  publicView,
  } from './service.js';
import { wholePage } from '../../../shared/paging.js';

import { type ApplyContext } from './context.js';
/** Public: departments, a citizen's application, finding one's own by query code. */
export function applyPublicRoutes(ctx: ApplyContext) {
  const { app, db, insertApplication, inputs: I } = ctx;
  app.post('/web/apply/dept/list', { config: { public: true }, schema: I.none, attachValidation: true }, async () =>
    ok(await db.selectFrom('departments').select(['id', 'name', 'phone', 'parentId']).orderBy('sort').orderBy('id').execute()),
  );
  app.post('/web/apply/dept', { config: { public: true }, schema: I.id, attachValidation: true }, async (request) => {
    const d = await db.selectFrom('departments').select(['id', 'name', 'phone', 'desc', 'parentId']).where('id', '=', readId(request)).executeTakeFirst();
    if (!d) throw notFoundRecord();
    return ok(d);
  });

  app.post('/web/apply/save', { config: { public: true }, schema: I.webSave, attachValidation: true }, async (request) => {
    await admitPublicSubmission(app, request); // the flood gate before the reads below
    const values = await parseApplication(db, bodyOf(request));
    values.proofFile = await checkProof(app.portal.config.dataDir, bodyOf(request).proofFile);
    await guardPublicSubmission(app, request, 'apply', { captcha: true });
    const row = await insertApplication(values, { source: 1, creatorId: null, ip: (request.ip || '').slice(0, 64) });
    return ok({ queryCode: row.queryCode, deadline: row.deadline, createTime: row.createTime }, '申请已提交，请牢记查询码');
  });

  /** The visitor's own application: query code plus the phone or the ID number given in it. */
  const findOwn = async (request: FastifyRequest, id?: number): Promise<Row> => {
    const search = searchOf(request);
    const code = normaliseQueryCode(search.queryCode);
    if (!code) throw missingParam('查询码');
    const phone = typeof search.phone === 'string' && search.phone.trim() ? cleanPhone(search.phone, 'phone') : '';
    const idNumber = typeof search.idNumber === 'string' ? search.idNumber.trim().toUpperCase() : '';
    if (!phone && !idNumber) throw missingParam('联系电话或证件号码');
    await guardPublicSubmission(app, request, 'apply-query', { captcha: false });
    let q = db.selectFrom('apply').selectAll().where('queryCode', '=', code);
    if (id !== undefined) q = q.where('id', '=', id);
    q = phone ? q.where('phone', '=', phone) : q.where('idNumber', '=', idNumber);
    const row = await q.executeTakeFirst();
    if (!row) throw notFoundRecord();
    return publicView(row);
  };
  app.post('/web/apply/find', { config: { public: true }, schema: I.own, attachValidation: true }, async (request) => ok(await findOwn(request)));
  app.post('/web/apply/get', { config: { public: true }, schema: I.ownGet, attachValidation: true }, async (request) => ok(await findOwn(request, readId(request))));
  app.post('/web/apply/list', { config: { public: true }, schema: I.own, attachValidation: true }, async (request) => {
    const row = await findOwn(request);
    return ok(wholePage([row]));
  });
}
