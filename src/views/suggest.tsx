import { lazy, Suspense, type ComponentType } from 'react';
import { ListLoading } from '../generic/GenericList';

const SuggestList = lazy(() => import('./suggest/SuggestList'));
const SuggestDetail = lazy(() => import('./suggest/SuggestDetail'));

const wrap = (C: ComponentType) =>
  function SuggestView() {
    return (
      <Suspense fallback={<ListLoading />}>
        <C />
      </Suspense>
    );
  };

/**
 * 建议征集: the list with status filters and the 处理/回复 dialog; the detail (query code, contact, the
 * reply) as show; «编辑» opens the same detail with the reply dialog instead of the generic form.
 */
export default {
  list: wrap(SuggestList),
  show: wrap(SuggestDetail),
  edit: wrap(function SuggestReply() {
    return <SuggestDetail replyAtStart />;
  }),
};
