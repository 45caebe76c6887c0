import type { FastifyInstance, FastifyRequest } from 'fastify';
import { applyScope, scopeRule } from '../../../auth/dataScope.js';
import { applyFilters, readPaging, readSort } from '../../../crud/listQuery.js';
import { getRecord } from '../../../crud/service.js';
import { sql } from 'kysely';
import type { NewRow, Row, RowOf } from '../../../db/types.js';
import { invalidValue, PortalError } from '../../../http/errors.js';
import { currentUser, type PortalUser } from '../../../http/fastifyTypes.js';
import { newQueryCode } from '../../../public/guard.js';
import { createSmsSender } from '../../../notify/sms.js';
import { formatDateTime } from '../../../util/time.js';
import { maskRow } from '../../../shared/mask.js';
import { type SheetColumn } from '../../../shared/excel.js';
import {
  addWorkingDays,
  decorate,
  PENDING,
  readSettings,
  today,
} from './service.js';
import { pageOf } from '../../../shared/paging.js';

import type { ResourceDecl } from '../../../../resources/types.js';
import { applyInputs } from './inputs.js';

export const notAllowed = (msg: string) => new PortalError(1005, msg);
export const DAY_MS = 24 * 3600_000;
/** Personal data masked in lists, exports and Word files (server/shared/mask.ts). */
export const APPLY_PERSONAL = { phones: ['phone'], ids: ['idNumber'] } as const;

/** The export's columns; the phone is masked by the Excel builder's hook. */
export const APPLY_EXPORT_COLUMNS: SheetColumn[] = [
  { header: '查询码', key: 'queryCode' },
  { header: '申请人类型', key: 'applicantType', map: (v) => (Number(v) === 1 ? '个人' : '法人/其他组织') },
  { header: '申请人', key: 'name', map: (_v, r) => (Number(r.applicantType) === 1 ? r.name : r.orgName) },
  { header: '联系电话', key: 'phone' },
  { header: '所需信息名称', key: 'infoName', width: 30 },
  { header: '受理部门', key: 'handleDeptName' },
  { header: '状态', key: 'statusName' },
  { header: '申请时间', key: 'createTime', width: 20 },
  { header: '答复期限', key: 'deadline', width: 20 },
  { header: '是否逾期', key: 'overdue', map: (v) => (Number(v) === 1 ? '是' : '否') },
  { header: '答复部门', key: 'replyDept' },
  { header: '答复时间', key: 'replyTime', width: 20 },
];

/** What the application route groups share: scoped load, search and page, the insert, the SMS sender, the schemas. */
export function applyContext(app: FastifyInstance, decl: ResourceDecl) {
  // The declaration's table is fixed (resources/apply.ts: 'apply'): the typed handle.
  const db = app.db;
  const sms = createSmsSender(db, app.log);
  const load = async (request: FastifyRequest, id: number) => decorate(await getRecord(db, decl, currentUser(request), id));

  /** The scoped, filtered query of a search (+ `overdue`, + a department). */
  const searchQuery = async (user: PortalUser, search: Record<string, unknown>, deptId?: number) => {
    const rule = await scopeRule(db, user, decl);
    let q = applyScope(applyFilters(db.selectFrom('apply'), decl, search), rule);
    if (deptId !== undefined) q = q.where('handleDeptId', '=', deptId);
    if (search.overdue !== undefined && search.overdue !== null && search.overdue !== '') {
      const t = today();
      q = Number(search.overdue) === 1
        ? q.where('status', 'in', PENDING).where('deadline', '<', t)
        : q.where((eb) => eb.or([eb('status', 'not in', PENDING), eb('deadline', '>=', t), eb('deadline', 'is', null)]));
    }
    // dueWithin=n (the workbench's near-deadline to-do): pending, not yet overdue, due within n working days.
    if (search.dueWithin !== undefined && search.dueWithin !== null && search.dueWithin !== '') {
      const n = Number(search.dueWithin);
      if (!Number.isInteger(n) || n < 0 || n > 60) throw invalidValue('dueWithin的值应为0到60的整数（工作日）');
      const t = today();
      q = q.where('status', 'in', PENDING).where('deadline', '>=', t).where('deadline', '<=', addWorkingDays(t, n));
    }
    return q;
  };
  const page = async (user: PortalUser, search: Record<string, unknown>, deptId?: number) => {
    const { pageNum, pageSize } = readPaging(search);
    const sort = readSort(decl, search);
    const q = await searchQuery(user, search, deptId);
    const total = Number((await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst())?.n ?? 0);
    // The sort column is a declared sortable name, checked by readSort.
    const list = (await q.selectAll().orderBy(sql.ref(sort.field), sort.order).orderBy('id', 'desc').limit(pageSize).offset((pageNum - 1) * pageSize).execute()).map(decorate);
    return pageOf(list.map((r) => maskRow(r, APPLY_PERSONAL)), { pageNum, pageSize }, total);
  };

  async function insertApplication(values: Row, extra: { source: number; creatorId: number | null; ip: string | null }): Promise<RowOf<'apply'>> {
    const settings = await readSettings(db);
    const now = formatDateTime();
    const row: Row = {
      ...values,
      queryCode: newQueryCode(),
      status: 0,
      source: extra.source,
      extended: 0,
      deadline: addWorkingDays(now, settings.replyDays),
      creatorId: extra.creatorId,
      ip: extra.ip,
      createTime: now,
      updateTime: now,
    };
    // The applicant's values were checked by parseApplication.
    const inserted = await db.insertInto('apply').values(row as NewRow<'apply'>).returning('id').executeTakeFirstOrThrow();
    return db.selectFrom('apply').selectAll().where('id', '=', inserted.id).executeTakeFirstOrThrow();
  }

  return { app, decl, db, perm: decl.permissions, sms, load, searchQuery, page, insertApplication, inputs: applyInputs(decl) };
}

export type ApplyContext = ReturnType<typeof applyContext>;
