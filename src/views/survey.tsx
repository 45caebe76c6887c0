import { lazy, Suspense, type ComponentType } from 'react';
import { ListLoading } from '../generic/GenericList';

const SurveyList = lazy(() => import('./survey/SurveyList'));
const SurveyEditor = lazy(() => import('./survey/SurveyEditor'));
const SurveyResults = lazy(() => import('./survey/SurveyResults'));

const wrap = (C: ComponentType) =>
  function SurveyView() {
    return (
      <Suspense fallback={<ListLoading />}>
        <C />
      </Suspense>
    );
  };

/**
 * 问卷调查: the list with status actions, the questionnaire editor (create and edit) and the results
 * screen with charts (show). See docs/interaction-forms.md.
 */
export default { list: wrap(SurveyList), create: wrap(SurveyEditor), edit: wrap(SurveyEditor), show: wrap(SurveyResults) };
