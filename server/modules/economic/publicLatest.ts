import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ECONOMIC_AREAS, type EconomicArea } from '../../../resources/economic/catalogue.js';
import type { Db, Row } from '../../db/types.js';
import { ok } from '../../http/envelope.js';
import { invalidValue } from '../../http/errors.js';
import { param } from '../../http/params.js';
import { latestFigures } from './service.js';
import { describeInput } from '../../http/routeInput.js';

const AREA = { area: ['string', '数据分类键（不传为全部分类）'] } as const;

export const LATEST_PATH = '/economic/web/latestList';

export interface AreaLatest {
  area: string;
  label: string;
  figures: Row[];
}

/** The latest figure of every indicator, area by area (areas without figures are left out). */
export async function latestByArea(db: Db, areas: readonly EconomicArea[] = ECONOMIC_AREAS): Promise<AreaLatest[]> {
  const out: AreaLatest[] = [];
  for (const area of areas) {
    const figures = await latestFigures(db, area);
    if (figures.length) out.push({ area: area.key, label: area.label, figures });
  }
  return out;
}

/** Public, no login: the portal's "latest figures" block and the generated economy page read this. */
export async function publicLatestRoute(app: FastifyInstance): Promise<void> {
  const handler = async (request: FastifyRequest) => {
    const key = param(request, 'area');
    if (key === undefined || key === null || key === '') return ok(await latestByArea(app.db));
    const area = ECONOMIC_AREAS.find((a) => a.key === key);
    if (!area) throw invalidValue(`数据分类不存在：${String(key).slice(0, 40)}`);
    return ok(await latestByArea(app.db, [area]));
  };
  // GET reads the query only; POST the query, then the body (param).
  app.get(LATEST_PATH, { config: { public: true }, schema: describeInput({ query: AREA }), attachValidation: true }, handler);
  app.post(LATEST_PATH, { config: { public: true }, schema: describeInput({ either: AREA }), attachValidation: true }, handler);
}
