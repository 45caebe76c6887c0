import type { FastifyInstance } from 'fastify';
import { dynamic } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { readSize } from '../../../http/params.js';
import { searchOf } from '../../../crud/routes.js';
import { declarationOf } from '../../declarationLookup.js';
import { describeInput } from '../../../http/routeInput.js';

const WEB_LIST = describeInput({ either: { size: ['integer', '条数，默认10，最多50'], type: ['integer', '类别（不传为全部）'] } });

const POPULA_FIELDS = ['id', 'title', 'type', 'url', 'icon', 'summary'] as const;
const PRODUCT_FIELDS = ['id', 'name', 'type', 'producer', 'origin', 'price', 'unit', 'image', 'description', 'contactName', 'contactPhone'] as const;

/** An optional enum filter of a public list: the value when it is one of the field's options. */
function optionFilter(options: readonly { value: string | number }[] | undefined, raw: unknown): number | string | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const hit = options?.find((o) => String(o.value) === String(raw));
  return hit ? hit.value : null;
}

/**
 * The portal's public lists of the two plain entities: POST /popula/web/list (enabled popular items,
 * by sort; optional `type`) and POST /product/web/list (published products, by sort then newest;
 * optional `type`). `size` 10 by default, at most 50.
 */
export async function localWebListRoutes(app: FastifyInstance) {
  const popula = declarationOf(app, 'popula');
  if (popula) {
    app.post('/popula/web/list', { config: { public: true }, schema: WEB_LIST, attachValidation: true }, async (request) => {
      const size = readSize(request, 'size', 10, 50);
      const type = optionFilter(popula.fields.find((f) => f.name === 'type')?.options, searchOf(request).type);
      let q = dynamic(app.db).selectFrom(popula.table).select([...POPULA_FIELDS]).where('status', '=', 1);
      if (type !== null) q = q.where('type', '=', type);
      return ok(await q.orderBy('sort', 'asc').orderBy('id', 'desc').limit(size).execute());
    });
  }
  const product = declarationOf(app, 'product');
  if (product) {
    app.post('/product/web/list', { config: { public: true }, schema: WEB_LIST, attachValidation: true }, async (request) => {
      const size = readSize(request, 'size', 10, 50);
      const type = optionFilter(product.fields.find((f) => f.name === 'type')?.options, searchOf(request).type);
      let q = dynamic(app.db).selectFrom(product.table).select([...PRODUCT_FIELDS]).where('status', '=', 2);
      if (type !== null) q = q.where('type', '=', type);
      return ok(await q.orderBy('sort', 'asc').orderBy('createTime', 'desc').orderBy('id', 'desc').limit(size).execute());
    });
  }
}
