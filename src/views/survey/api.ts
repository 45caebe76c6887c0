import survey from '../../../resources/survey';
import { dataProvider } from '../../data';
import { crudCall } from '../../../resources/declaredCalls';

/** The survey calls the screens make (spec part 2 "Surveys"); see docs/interaction-forms.md. */
export interface SurveyOption {
  id?: number;
  content: string;
  sort?: number;
}
export interface SurveyQuestion {
  id?: number;
  title: string;
  type: number;
  required: number;
  sort?: number;
  options: SurveyOption[];
}
/** A survey as the detail call answers it: its fields (resources/survey.ts) and its questions. */
export interface SurveyRecord extends Record<string, unknown> {
  status: number;
  recordCount: number;
  questions: SurveyQuestion[];
}
/** 单选 / 多选 / 文本: the question child's declared type labels (resources/survey.ts). */
export const QUESTION_TYPES = Object.entries(survey.children![0]!.labelOf!.options).map(([value, label]) => ({ value: Number(value), label }));

export const surveyApi = {
  detail: (id: number | string) => dataProvider.call<SurveyRecord>(crudCall(survey, 'get'), { body: { id: Number(id) }, required: ['id'] }),
  save: (body: Record<string, unknown>) => dataProvider.call<SurveyRecord>(crudCall(survey, 'create'), { body }),
};
