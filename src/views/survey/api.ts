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
export interface SurveyRecord {
  id: number;
  title: string;
  description?: string | null;
  startTime?: string | null;
  endTime?: string | null;
  anonymous: number;
  /** 公开结果 (design): 1 = citizens see the results on the site. */
  publicResult?: number;
  status: number;
  recordCount: number;
  questions: SurveyQuestion[];
}
export interface QuestionResult {
  id: number;
  title: string;
  type: number;
  typeName: string;
  answered: number;
  textCount: number;
  options: { id: number; content: string; count: number; percent: number }[];
}
export interface SurveyResults {
  survey: SurveyRecord;
  recordCount: number;
  questions: QuestionResult[];
}

export const SURVEY_STATUS = ['未开始', '已开始', '已暂停', '已结束'];
export const QUESTION_TYPES = [
  { value: 0, label: '单选' },
  { value: 1, label: '多选' },
  { value: 2, label: '文本' },
];

export const surveyApi = {
  detail: (id: number | string) => dataProvider.call<SurveyRecord>(crudCall(survey, 'get'), { body: { id: Number(id) }, required: ['id'] }),
  save: (body: Record<string, unknown>) => dataProvider.call<SurveyRecord>(crudCall(survey, 'create'), { body }),
  open: (id: number, status: 1 | 2) => dataProvider.callExtra<SurveyRecord>('survey', 'open', { body: { id, status } }),
  examine: (id: number, status: 0 | 3) => dataProvider.callExtra<SurveyRecord>('survey', 'examine', { body: { id, status } }),
  results: (id: number | string) => dataProvider.callExtra<SurveyResults>('survey', 'answerdetail', { body: { id: Number(id) } }),
  records: (surveyId: number, pageNum: number, pageSize: number) =>
    dataProvider.callExtra<{ list: { id: number; name: string | null; phone: string | null; ip: string | null; createTime: string }[]; totalRow: number }>('survey', 'recordList', {
      body: { surveyId, pageNum, pageSize },
    }),
  record: (id: number) =>
    dataProvider.callExtra<{ id: number; createTime: string; answers: { questionId: number; title: string; typeName: string; optionContents: string[]; text: string | null }[] }>('survey', 'recordGet', {
      body: { id },
    }),
  texts: (questionId: number, pageNum: number, pageSize: number) =>
    dataProvider.callExtra<{ list: { id: number; content: string; createTime: string }[]; totalRow: number }>('survey', 'text', { query: { id: questionId, pageNum, pageSize } }),
};
