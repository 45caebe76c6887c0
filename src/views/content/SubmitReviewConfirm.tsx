import { Confirm } from 'react-admin';
import { useOnce } from '../../components/form/useOnce';

/** What 提交审核 asks first, in both apps (提示信息 / 确定 / 取消), and what it then says. */
export const SUBMITTED_MESSAGE = '已提交审核，等待审核人员处理';

/**
 * 确定 runs `onConfirm` once: its buttons are disabled from the first click until the dialog has closed
 * (a double click on 确定 stored two articles), and while `busy` (the call is in flight).
 */
export function SubmitReviewConfirm({ open, busy, onClose, onConfirm }: { open: boolean; busy?: boolean; onClose: () => void; onConfirm: () => void }) {
  const once = useOnce();
  return (
    <Confirm
      isOpen={open}
      loading={busy || once.fired}
      title="提示信息"
      content="确定提交审核吗？提交后在审核完成前不能修改。"
      confirm="确定"
      cancel="取消"
      onClose={onClose}
      onConfirm={() =>
        once.fire(() => {
          onClose();
          onConfirm();
        })
      }
      slotProps={{ transition: { onExited: once.reset } }}
    />
  );
}
