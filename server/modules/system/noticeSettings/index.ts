import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OVERDUE_EVENTS } from '../../../../resources/noticeSetting.js';
import { createRecord, deleteRecords, getRecord, listRecords, updateRecord } from '../../../crud/service.js';
import { searchOf } from '../../../crud/routes.js';
import type { Db, Row } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { bodyOf, readId, readIds } from '../../../http/params.js';
import { declarationOf } from '../../declarationLookup.js';
import { eventLabel, parseIds, resolveRecipients, setInAppSender } from './reminders.js';
import { noticeInAppSender } from './inAppNotice.js';

const RECEIVER_TABLES = {
  ROLE: { table: 'roles', key: 'roleId', label: '角色' },
  USER: { table: 'users', key: 'userId', label: '人员' },
  DEPT: { table: 'departments', key: 'id', label: '部门' },
} as const;

/** Checks the receivers exist and answers the body to store: normalised ids and their names. */
async function prepare(db: Db, body: Record<string, unknown>, existing: Row | null): Promise<Record<string, unknown>> {
  const out = { ...body };
  delete out.receiverNames;
  const type = String(out.receiverType ?? existing?.receiverType ?? 'ROLE');
  const receiverTouched = out.receiverIds !== undefined || out.receiverType !== undefined;
  if (receiverTouched) {
    const target = RECEIVER_TABLES[type as keyof typeof RECEIVER_TABLES];
    const rawIds = out.receiverIds !== undefined ? out.receiverIds : existing?.receiverIds;
    if (rawIds === undefined || rawIds === null || rawIds === '' || (Array.isArray(rawIds) && rawIds.length === 0)) throw missingParam('receiverIds');
    if (typeof rawIds !== 'string' && typeof rawIds !== 'number' && !Array.isArray(rawIds)) throw invalidValue('提醒对象格式不正确');
    const ids = parseIds(rawIds);
    const given = Array.isArray(rawIds) ? rawIds.length : String(rawIds).split(/[,，\s]+/).filter((p) => p.trim() !== '').length;
    if (ids.length === 0 || ids.length !== given) throw invalidValue('提醒对象格式不正确，应为ID列表，多个用英文逗号分隔');
    if (ids.length > 100) throw invalidValue('提醒对象不能超过100个');
    if (target) {
      const rows = await db.selectFrom(target.table).select([target.key, 'name']).where(target.key, 'in', ids).execute();
      const names = new Map(rows.map((r) => [r[target.key], String(r.name)]));
      const missing = ids.filter((id) => !names.has(id));
      if (missing.length) throw invalidValue(`提醒对象${target.label}不存在：${missing.join(',')}`);
      out.receiverIds = ids.join(',');
      // The names are the server's, never the client's (the field is not in the form).
      out.receiverNames = ids.map((id) => names.get(id)).join('、');
    }
  }
  const event = String(out.eventType ?? existing?.eventType ?? '');
  const overdueDays = Number(out.overdueDays ?? existing?.overdueDays ?? 0);
  const advanceDays = Number(out.advanceDays ?? existing?.advanceDays ?? 0);
  if (OVERDUE_EVENTS.includes(event)) {
    if (!(overdueDays >= 1)) throw invalidValue(`“${eventLabel(event)}”须填写超期天数（1–365）`);
    if (advanceDays >= overdueDays) throw invalidValue('提前提醒天数必须小于超期天数');
  }
  return out;
}

async function saveWithNames(app: FastifyInstance, request: FastifyRequest, id: number | null) {
  const decl = declarationOf(app, 'noticeSetting');
  if (!decl) throw notFoundRecord();
  const user = currentUser(request);
  const existing = id === null ? null : await getRecord(app.db, decl, user, id);
  const prepared = await prepare(app.db, bodyOf(request), existing);
  delete prepared.id;
  return id === null ? createRecord(app.db, decl, user, prepared) : updateRecord(app.db, decl, user, id, prepared);
}

const bodyHasId = (request: FastifyRequest) => {
  const b = (request.body ?? {}) as Record<string, unknown>;
  return b && typeof b === 'object' && b.id !== undefined && b.id !== null && b.id !== '';
};

/**
 * 消息提醒设置 at the spec's paths: /notice/set/list (baseNoticeSetSerachDto, paged), /set/get and
 * /set/detail (?id), /set/add (saveNoticeSetDto; with an id it updates), /set/update (the same body with
 * its id), /set/dels (ids). See docs/system-settings.md.
 */
export async function noticeSettingRoutes(app: FastifyInstance) {
  // Reminders' 站内消息 become notices addressed to the recipients (我的通知).
  setInAppSender(noticeInAppSender);
  const decl = declarationOf(app, 'noticeSetting');
  if (!decl) return;
  const p = decl.permissions;

  app.post(decl.api.list.path, { config: { permission: p.list } }, async (request) =>
    ok(await listRecords(app.db, decl, currentUser(request), searchOf(request))),
  );
  app.post(decl.api.get.path, { config: { permission: p.get } }, async (request) =>
    ok(await getRecord(app.db, decl, currentUser(request), readId(request))),
  );
  app.post(decl.api.extra?.detail?.path ?? '/notice/set/detail', { config: { permission: p.get } }, async (request) => {
    const row = await getRecord(app.db, decl, currentUser(request), readId(request));
    const recipients = await resolveRecipients(app.db, row);
    return ok({
      ...row,
      eventName: eventLabel(String(row.eventType)),
      receivers: parseIds(row.receiverIds),
      recipients: recipients.map((r) => ({ userId: r.userId, name: r.name, hasMobile: !!r.mobile })),
    });
  });

  app.post(
    decl.api.create?.path ?? '/notice/set/add',
    { config: { permission: (request) => (bodyHasId(request) ? p.update : p.create) } },
    async (request) => {
      if (bodyHasId(request)) return ok(await saveWithNames(app, request, readId(request)), '修改成功');
      return ok(await saveWithNames(app, request, null), '新增成功');
    },
  );
  app.post(decl.api.update?.path ?? '/notice/set/update', { config: { permission: p.update } }, async (request) =>
    ok(await saveWithNames(app, request, readId(request)), '修改成功'),
  );
  app.post(decl.api.delete?.path ?? '/notice/set/dels', { config: { permission: p.delete } }, async (request) => {
    const b = bodyOf(request);
    const ids = b.ids === undefined && (b.id !== undefined || (request.query as Record<string, unknown>)?.id !== undefined) ? [readId(request)] : readIds(request);
    return ok(await deleteRecords(app.db, decl, currentUser(request), ids), '删除成功');
  });
}
