import type { FastifyInstance, FastifyRequest } from 'fastify';
import { searchOf } from '../../../crud/routes.js';
import { validateRecord } from '../../../crud/validate.js';
import type { NewRow, RowOf } from '../../../db/types.js';
import { insertSubmittedProject } from '../../../entities/industrialProjects.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord } from '../../../http/errors.js';
import { readId } from '../../../http/params.js';
import { cleanPhone, guardPublicSubmission, newQueryCode, normaliseQueryCode } from '../../../public/guard.js';
import { formatDateTime } from '../../../util/time.js';
import { declarationOf } from '../../declarationLookup.js';
import { wholePage } from '../../../shared/paging.js';
import { CAPTCHA, declaredInput, describeInput, ID, type InputFields } from '../../../http/routeInput.js';

const OWN: InputFields = { queryCode: ['string', '查询码（必填）'], contactPhone: ['string', '申报时填写的联系电话'], phone: ['string', '联系电话（同 contactPhone）'] };

/** What a submitter sees of a project: no staff-only columns (creator, department). */
const OWN_FIELDS = ['id', 'name', 'projectType', 'status', 'company', 'industry', 'town', 'investment', 'startYear', 'content', 'contactName', 'reviewRemark', 'queryCode', 'createTime', 'updateTime'] as const;
/** The review state in words, for the public lookup (the page shows it as it comes). */
const STATUS_NAMES: Record<string, string> = { UNKNOWN: '待审核', WAREHOUSING: '已入库' };
const own = (r: RowOf<'industrial_project'>) => ({ ...Object.fromEntries(OWN_FIELDS.map((k) => [k, r[k] ?? null])), statusName: STATUS_NAMES[String(r.status)] ?? null });
/** Fields an enterprise may fill on the public form. */
const PUBLIC_INPUT = ['name', 'projectType', 'company', 'industry', 'town', 'investment', 'startYear', 'content', 'contactName', 'contactPhone'];

function queryCodeOf(request: FastifyRequest): string {
  const raw = searchOf(request).queryCode;
  if (raw === undefined || raw === null || raw === '') throw missingParam('queryCode');
  const code = normaliseQueryCode(raw);
  if (!code) throw invalidValue('查询码格式不正确');
  return code;
}

/**
 * The public side of 产业项目 (spec part 2 "Industrial projects"):
 * - POST /industrialProjects/web/add (saveIndustrialProjectsDto + verifyCode/codeId): an enterprise
 *   submits a project; it enters as 待审核 (UNKNOWN) from 网上申报 and the answer carries a query code.
 * - POST /industrialProjects/my/list ({ queryCode, contactPhone }): the submitter's projects.
 * - POST /industrialProjects/my/get (?id, with queryCode): one of them, with the review remark.
 * Lookups are rate-limited like submissions (no captcha), so codes cannot be tried in bulk.
 */
export async function industrialPublicRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'industrialProjects');
  if (!decl) return;
  // The declaration's table is fixed (resources/industrialProjects.ts: 'industrial_project'): the typed handle.
  const db = app.db;

  app.post('/industrialProjects/web/add', { config: { public: true }, schema: declaredInput(decl, 'create', CAPTCHA), attachValidation: true }, async (request) => {
    const body = searchOf(request);
    const input: Record<string, unknown> = {};
    for (const k of PUBLIC_INPUT) if (body[k] !== undefined) input[k] = body[k];
    if (body.contactPhone === undefined || body.contactPhone === null || body.contactPhone === '') throw missingParam('contactPhone');
    const contactPhone = cleanPhone(body.contactPhone, '联系电话');
    const values = validateRecord(decl, input, 'create');
    await guardPublicSubmission(app, request, 'industrial', { captcha: true });
    const now = formatDateTime();
    const queryCode = newQueryCode();
    const row = { ...values, contactPhone, status: 'UNKNOWN', source: 2, queryCode, reviewRemark: null, createTime: now, updateTime: now };
    // The form's values were checked by validateRecord against the declaration.
    const id = await insertSubmittedProject(db, row as NewRow<'industrial_project'>);
    return ok({ id, queryCode, createTime: now }, '提交成功，请牢记查询码');
  });

  app.post('/industrialProjects/my/list', { config: { public: true }, schema: describeInput({ either: OWN }), attachValidation: true }, async (request) => {
    const queryCode = queryCodeOf(request);
    const raw = searchOf(request).contactPhone ?? searchOf(request).phone;
    if (raw === undefined || raw === null || raw === '') throw missingParam('contactPhone');
    const phone = cleanPhone(raw, '联系电话');
    await guardPublicSubmission(app, request, 'industrial-query', { captcha: false });
    const rows = await db.selectFrom('industrial_project').selectAll().where('queryCode', '=', queryCode).where('contactPhone', '=', phone).orderBy('id', 'desc').execute();
    const list = rows.map(own);
    return ok(wholePage(list));
  });

  app.post('/industrialProjects/my/get', { config: { public: true }, schema: describeInput({ either: { ...OWN, id: ID } }), attachValidation: true }, async (request) => {
    const id = readId(request);
    const queryCode = queryCodeOf(request);
    await guardPublicSubmission(app, request, 'industrial-query', { captcha: false });
    const row = await db.selectFrom('industrial_project').selectAll().where('id', '=', id).where('queryCode', '=', queryCode).executeTakeFirst();
    if (!row) throw notFoundRecord();
    return ok(own(row));
  });
}
