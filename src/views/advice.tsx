import { lazy, Suspense } from 'react';
import { ListLoading } from '../generic/GenericList';

const AdviceList = lazy(() => import('./advice/AdviceList'));

function AdviceListView() {
  return (
    <Suspense fallback={<ListLoading />}>
      <AdviceList />
    </Suspense>
  );
}

/**
 * 意见征集: a custom list (查看意见, 停止征集 with confirmation, 结果反馈, Excel export, 到期检查); create,
 * edit and show stay generic from the declaration. See docs/interaction-forms.md.
 */
export default { list: AdviceListView };
