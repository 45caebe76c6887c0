import { useCanAccess, useRecordContext } from 'react-admin';
import { AdviceOpinionsDialog } from '../components/interaction/AdviceOpinionsDialog';

/** 意见征集's 查看意见 (resources/advice.ts, action `opinions` with `dialog`): the topic's opinions in a dialog. */
export default function AdviceOpinions({ onClose }: { onClose: () => void }) {
  const record = useRecordContext<{ id: number; title?: string | null }>();
  const { canAccess: canExport } = useCanAccess({ resource: 'advice', action: 'advice:export' });
  return record ? <AdviceOpinionsDialog topic={record} onClose={onClose} canExport={canExport ?? false} /> : null;
}
