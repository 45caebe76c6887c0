import type { RecordData } from '../../../resources/behaviour.js';
import { ActionAnswer } from '../../crud/actions.js';
import type { ActionRun } from '../../crud/entity/types.js';
import { invalidValue, missingParam } from '../../http/errors.js';
import { loadQuestions, notAllowed } from '../../modules/interaction/surveys/service.js';
import { enumLabels } from '../../crud/reads/output.js';
import surveyDecl from '../../../resources/survey.js';
import { asInt } from '../../shared/routeHelpers.js';
import { formatDateTime } from '../../util/time.js';

const readStatus = (body: RecordData) => {
  if (body.status === undefined || body.status === null || body.status === '') throw missingParam('status');
  return asInt(body.status, '状态');
};

/** A transition of statusDto `{ id, status }`: the target status must be one of `allowed`, from one of its states. */
function transition(allowed: Record<number, number[]>, message: string, extraCheck?: (survey: RecordData, status: number) => void): ActionRun {
  return async ({ records, body, ctx }) => {
    const status = readStatus(body);
    if (!(status in allowed)) throw invalidValue(message);
    const survey = records[0]!;
    const from = Number(survey.status);
    extraCheck?.(survey, status);
    // The states' names as the declaration labels them (未开始, 已开始, 已暂停, 已结束).
    const name = (value: number) => enumLabels(surveyDecl, ['status'], { status: value }).statusName || value;
    if (!allowed[status]!.includes(from)) throw notAllowed(`问卷当前状态为「${name(from)}」，不能改为「${name(status)}」`);
    const id = Number(survey.id);
    if (status === 1) {
      if ((await loadQuestions(ctx.trx, id)).length === 0) throw notAllowed('问卷没有题目，不能开始');
      if (survey.endTime && String(survey.endTime) < formatDateTime()) throw notAllowed('问卷结束时间已过，请先修改结束时间');
    }
    // Through the local API, in the action's transaction that read the status: a concurrent transition cannot be overwritten.
    await ctx.api.update('survey', id, { status });
    return new ActionAnswer(await ctx.api.findById('survey', id), '操作成功');
  };
}

/** open: 1 = start (from 未开始) or resume (from 已暂停); 2 = pause (from 已开始). */
export const openSurvey = transition({ 1: [0, 2], 2: [1] }, '状态的值无效，可选值：1（开始/恢复）、2（暂停）');

/** examine: 3 = end (from 未开始, 已开始 or 已暂停; final); 0 = back to 未开始 from 已暂停 when nobody answered yet. */
export const examineSurvey = transition({ 3: [0, 1, 2], 0: [2] }, '状态的值无效，可选值：3（结束）、0（退回未开始）', (survey, status) => {
  if (status === 0 && Number(survey.recordCount) > 0) throw notAllowed('问卷已有答卷，不能退回未开始');
});
