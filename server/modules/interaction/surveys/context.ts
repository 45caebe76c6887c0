import type { FastifyInstance } from 'fastify';
import { PUBLIC_FIELDS } from '../../../../resources/survey.js';
import type { ResourceDecl } from '../../../../resources/types.js';
import type { RowOf } from '../../../db/types.js';
import { surveyInputs, type SurveyInputs } from './inputs.js';

/** What the survey's public routes share: the app, the declaration and the request schemas. */
export interface SurveyContext {
  app: FastifyInstance;
  decl: ResourceDecl;
  inputs: SurveyInputs;
}

export function surveyContext(app: FastifyInstance, decl: ResourceDecl): SurveyContext {
  return { app, decl, inputs: surveyInputs() };
}

/** What a citizen sees of a survey (the declared reads answer the same fields). */
export const publicSurvey = (row: RowOf<'survey'>) => Object.fromEntries(PUBLIC_FIELDS.map((k) => [k, row[k] ?? null]));
