import { ARTICLE_TRANSITIONS, type ArticleTransition } from '../../../resources/article.js';
import { ActionAnswer } from '../../crud/actions.js';
import type { ActionRun } from '../../crud/entity/types.js';
import { invalidValue } from '../../http/errors.js';
import { ARTICLE_WRITE } from '../../modules/content/articles/changes.js';
import { readOpinion } from '../../modules/content/articles/service.js';
import { articleUpkeep } from './upkeep.js';

/** Most articles one step moves at once. */
const MAX_IDS = 200;

/**
 * A review step on one or more articles (`{ ids, opinion }`), all or nothing: each article is written through
 * the local API, so the article's hooks check the state (ARTICLE_TRANSITIONS), refuse banned words before
 * publication, write the history and tell search and the pages after the commit. The records were read in
 * the caller's reach (scope, and for reviewers the granted columns: the `grant` hook); the write runs as the
 * system on the caller's behalf, so the history names the caller. Declared with `edits`, it also serves 修改并….
 */
function step(name: ArticleTransition, opinionRequired: boolean): ActionRun {
  const t = ARTICLE_TRANSITIONS[name];
  return async ({ records, body, ctx, edit }) => {
    if (records.length > MAX_IDS) throw invalidValue(`一次最多处理${MAX_IDS}篇文章`);
    const opinion = readOpinion({}, body, opinionRequired);
    const system = ctx.api.asSystem();
    // By the action's `edits` (修改并初审通过…): the reviewer's edit goes with the step, one history entry under its name.
    const via = edit ? { action: edit.via.name, actionName: edit.via.label } : { stepOnly: true, action: name, actionName: t.label };
    for (const r of records) {
      await system.update('article', Number(r.articleId), { ...edit?.values, [ARTICLE_WRITE]: { step: name, ...via, opinion, by: ctx.caller } });
    }
    return new ActionAnswer(records.length, `${t.label}成功`);
  };
}

/** The declared actions of resources/article.ts, by name: the workflow steps and the upkeep (./upkeep.ts). */
export const articleSteps: Record<string, ActionRun> = {
  ...articleUpkeep,
  accept: step('accept', false),
  acceptReject: step('acceptReject', true),
  approve: step('approve', false),
  reject: step('reject', true),
  withdraw: step('withdraw', false),
  takeDown: step('takeDown', false),
};
