import type { RecordData } from '../../../resources/behaviour.js';
import type { EntityContext, PublicOpRun } from '../../crud/entity/types.js';
import { readPaging } from '../../crud/listQuery.js';
import { missingParam, PortalError } from '../../http/errors.js';
import { isBlank as blank } from '../../http/params.js';
import { cleanPhone, normaliseQueryCode } from '../../public/guard.js';
import { wholePage } from '../../shared/paging.js';
import { ownerView } from '../../modules/interaction/mail/common.js';
import { cleanLetter } from '../../modules/interaction/mail/letter.js';

const wrongCode = () => new PortalError(1003, '查询码或联系电话不正确');

/** The code and phone of a lookup; `code: null` when the code cannot be one (answered as a wrong code). */
function ownKeys(body: RecordData): { code: string | null; phone: string } {
  const rawCode = body.queryCode ?? body.code;
  if (blank(rawCode)) throw missingParam('查询码');
  if (blank(body.phone)) throw missingParam('联系电话');
  const code = normaliseQueryCode(rawCode) || null;
  return { code, phone: cleanPhone(body.phone, '联系电话') };
}

/** The letter with this code and phone, else 1003 (the same message whichever is wrong). */
async function ownLetter(ctx: EntityContext, values: RecordData): Promise<RecordData> {
  if (!values.code) throw wrongCode();
  const [row] = await ctx.api.find('mail', { where: { queryCode: String(values.code) }, limit: 1 });
  if (!row || row.phone !== values.phone) throw wrongCode();
  return row;
}

/** A new letter: plain text, a query code, waiting for examination (the history says 网上来信). */
const submit: PublicOpRun = {
  check: ({ body }) => cleanLetter(body),
  run: async ({ values, ctx }) => {
    const row = await ctx.api.create('mail', values);
    return { id: row.id, queryCode: row.queryCode, receivedAt: row.receivedAt };
  },
};

/** The writer's own letter by query code and phone (/web/mail/code). */
const query: PublicOpRun = {
  check: ({ body }) => ownKeys(body),
  run: async ({ values, ctx }) => ownerView(await ownLetter(ctx, values)),
};

/** The same as a page (/web/mail/my/list): empty when nothing matches. */
const myList: PublicOpRun = {
  check: ({ body }) => ({ ...ownKeys(body), pageNum: readPaging(body).pageNum }),
  run: async ({ values, ctx }) => {
    let row: RecordData | null = null;
    try {
      row = await ownLetter(ctx, values);
    } catch (e) {
      if (!(e instanceof PortalError) || e.code !== 1003) throw e;
    }
    const page = wholePage(row ? [ownerView(row)] : []);
    return values.pageNum === 1 ? page : { ...page, list: [], currPage: values.pageNum };
  },
};

/** One letter (/web/mail/my/get): the id, when given, must be the code's letter. */
const myGet: PublicOpRun = {
  check: ({ body }) => ({ ...ownKeys(body), id: blank(body.id) ? null : Number(body.id) }),
  run: async ({ values, ctx }) => {
    const row = await ownLetter(ctx, values);
    if (values.id !== null && Number(values.id) !== Number(row.id)) throw wrongCode();
    return ownerView(row);
  },
};

/** The citizen's calls of resources/mail.ts's publicOps. */
export const mailCitizenOps: Readonly<Record<string, PublicOpRun>> = { submit, query, myList, myGet };
