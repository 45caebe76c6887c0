import type { RecordData } from '../../../resources/behaviour.js';
import type { EntityContext, LocalApi, PublicOpRun } from '../../crud/entity/types.js';
import { missingParam, notFoundRecord } from '../../http/errors.js';
import { optionalId } from '../../http/params.js';
import { cleanPhone, normaliseQueryCode } from '../../public/guard.js';
import { wholePage } from '../../shared/paging.js';
import { checkProof } from '../../modules/interaction/apply/proof.js';
import { parseApplication } from './application.js';

/** A department by id, for the application's check (as the system: any department may receive one). */
export const deptFinder = (api: LocalApi) => async (id: number) => {
  const d = await api.findById('department', id);
  return d ? { id: Number(d.id), name: String(d.name) } : undefined;
};

/** What the public sees of its own application: no IP, no staff fields. */
export function publicView(row: RecordData): RecordData {
  const { ip: _ip, creatorId: _c, remark: _r, replyUserName: _u, ...rest } = row;
  void [_ip, _c, _r, _u];
  return rest;
}

/** The query code and the phone (or, without one, the ID number) given in the application. */
function ownKeys(body: RecordData): RecordData {
  const code = normaliseQueryCode(body.queryCode);
  if (!code) throw missingParam('查询码');
  const phone = typeof body.phone === 'string' && body.phone.trim() ? cleanPhone(body.phone, 'phone') : '';
  const idNumber = typeof body.idNumber === 'string' ? body.idNumber.trim().toUpperCase() : '';
  if (!phone && !idNumber) throw missingParam('联系电话或证件号码');
  return { code, phone, idNumber };
}

/** The application with that code and phone or ID number (and id, when given), else 1003. */
async function own(ctx: EntityContext, values: RecordData, id?: number): Promise<RecordData> {
  const where: Record<string, string | number> = { queryCode: String(values.code) };
  if (id !== undefined) where.id = id;
  if (values.phone) where.phone = String(values.phone);
  else where.idNumber = String(values.idNumber);
  const [row] = await ctx.api.find('apply', { where, limit: 1 });
  if (!row) throw notFoundRecord();
  return publicView(row);
}

/** The id of /web/apply/get, read first as the route always did (1001 without it, 1002 when it is no id). */
const idOf = (body: RecordData): number => {
  const id = optionalId(body, 'id');
  if (id === null) throw missingParam('id');
  return id;
};

/** The citizen's calls of resources/apply.ts's publicOps. */
export const applyCitizenOps: Readonly<Record<string, PublicOpRun>> = {
  /** A new application (the proof scan uploaded first): it waits for acceptance with its query code. */
  submit: {
    check: async ({ body, api, services }) => ({
      ...(await parseApplication(body, deptFinder(api))),
      proofFile: await checkProof(services.config.dataDir, body.proofFile),
    }),
    run: async ({ values, ip, ctx }) => {
      const row = await ctx.api.create('apply', { ...values, ip });
      return { queryCode: row.queryCode, deadline: row.deadline, createTime: row.createTime };
    },
  },
  find: { check: ({ body }) => ownKeys(body), run: ({ values, ctx }) => own(ctx, values) },
  get: { check: ({ body }) => ({ id: idOf(body), ...ownKeys(body) }), run: ({ values, ctx }) => own(ctx, values, Number(values.id)) },
  myList: { check: ({ body }) => ownKeys(body), run: async ({ values, ctx }) => wholePage([await own(ctx, values)]) },
};
