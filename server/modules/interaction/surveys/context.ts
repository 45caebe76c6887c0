import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PUBLIC_FIELDS } from '../../../../resources/survey.js';
import type { ResourceDecl } from '../../../../resources/types.js';
import type { Row, RowOf } from '../../../db/types.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { invalidValue, notFoundRecord } from '../../../http/errors.js';
import { surveyInputs, type SurveyInputs } from './inputs.js';

/** What the survey route groups share: the app, the declaration, a scoped load and the request schemas. */
export interface SurveyContext {
  app: FastifyInstance;
  decl: ResourceDecl;
  /** A survey the caller may see (data scope), else 1003. */
  load: (request: FastifyRequest, id: number) => Promise<Row>;
  inputs: SurveyInputs;
}

export function surveyContext(app: FastifyInstance, decl: ResourceDecl): SurveyContext {
  // The record alone (no questions: the detail view's afterGet adds those), in the caller's scope.
  const load = async (request: FastifyRequest, id: number): Promise<Row> => {
    const row = await app.entities.api(currentUser(request)).findById('survey', id);
    if (!row) throw notFoundRecord();
    return row as Row;
  };
  return { app, decl, load, inputs: surveyInputs(decl) };
}

/** What a citizen sees of a survey (the declared reads answer the same fields). */
export const publicSurvey = (row: RowOf<'survey'>) => Object.fromEntries(PUBLIC_FIELDS.map((k) => [k, row[k] ?? null]));

export function checkWindow(start: unknown, end: unknown) {
  if (typeof start === 'string' && typeof end === 'string' && start && end && start >= end) throw invalidValue('结束时间必须晚于开始时间');
}
