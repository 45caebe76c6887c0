import type { Kysely } from 'kysely';
import mailDecl, { MAIL_LABELLED, type MailAction } from '../../../../resources/mail.js';
import { MAIL_REPLY_DAYS } from '../../../../resources/mail/deptSettings.js';
import type { Db, Row } from '../../../db/types.js';
import { PortalError } from '../../../http/errors.js';
import type { PortalUser } from '../../../http/fastifyTypes.js';
import { formatDateTime } from '../../../util/time.js';
import { bumpTally } from '../../../crud/tallies.js';
import { enumLabels, readOutput } from '../../../crud/reads/output.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Trx = Kysely<any>;

export const notAllowed = (msg = '该记录当前状态不允许此操作') => new PortalError(1005, msg);

export async function departmentName(db: Db, id: number): Promise<string> {
  const d = (await db.selectFrom('departments').select(['id', 'name']).where('id', '=', id).executeTakeFirst()) as { name: string } | undefined;
  if (!d) throw new PortalError(1003, '部门不存在');
  return d.name;
}

export async function replyDays(db: Db, deptId: number): Promise<number> {
  const row = (await db.selectFrom('mail_dept').select('replyDays').where('deptId', '=', deptId).executeTakeFirst()) as { replyDays: number } | undefined;
  return Number(row?.replyDays ?? MAIL_REPLY_DAYS);
}

/** One line of the letter's handling history (mail_forum). */
export async function addHistory(
  trx: Trx,
  mailId: number,
  action: MailAction,
  user: PortalUser | null,
  extra: { content?: string | null; remarks?: string | null; toDeptId?: number | null; toDeptName?: string | null } = {},
): Promise<void> {
  await trx
    .insertInto('mail_forum')
    .values({
      mailId,
      action,
      deptId: user?.deptId ?? null,
      deptName: user?.deptName ?? null,
      userId: user?.userId ?? null,
      userName: user?.name ?? null,
      toDeptId: extra.toDeptId ?? null,
      toDeptName: extra.toDeptName ?? null,
      content: extra.content ?? null,
      remarks: extra.remarks ?? null,
      createTime: formatDateTime(),
    })
    .execute();
}

export type CountField = 'receivedCount' | 'repliedCount' | 'returnedCount' | 'overdueCount' | 'satisfiedCount' | 'unsatisfiedCount';

/** Adds to a department's running counts (the declared tally, mail_count). */
export const bumpCount = (trx: Trx, deptId: number, deptName: string, field: CountField, delta = 1) => bumpTally(trx, mailDecl.tallies![0]!, deptId, deptName, field, delta);

/** Labels for the staff's lists and the detail view (typeName, boxTypeName, statusName, stageName, satisfactionName). */
export const labelled = (row: Row): Row => ({ ...row, ...enumLabels(mailDecl, MAIL_LABELLED, row) });

/** What the writer sees of his own letter (found by query code and phone): the published view, his name in full, the stage. */
export function ownerView(row: Row): Row {
  const published = readOutput(mailDecl, mailDecl.reads!.find((r) => r.name === 'webGet')!, row);
  return { ...published, name: row.name, queryCode: row.queryCode, stage: row.stage, stageName: labelled(row).stageName, isPublic: row.isPublic, publicFlag: row.publicFlag };
}
