import { lazy, Suspense, type ComponentType } from 'react';
import { ListLoading } from '../generic/GenericList';

const SurveyEditor = lazy(() => import('./survey/SurveyEditor'));

const wrap = (C: ComponentType) =>
  function SurveyView() {
    return (
      <Suspense fallback={<ListLoading />}>
        <C />
      </Suspense>
    );
  };

/**
 * 问卷调查: the questionnaire designer (create and edit: questions → options in one save, not a table plus
 * a form). The list (status actions, 公开结果 switch) and the show view (统计结果 charts, 答卷记录) are the
 * generic views from resources/survey.ts. See docs/interaction-forms.md.
 */
export default { create: wrap(SurveyEditor), edit: wrap(SurveyEditor) };
