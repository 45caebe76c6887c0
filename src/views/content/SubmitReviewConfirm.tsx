import { Confirm } from 'react-admin';

/** What 提交审核 asks first, in both apps (提示信息 / 确定 / 取消), and what it then says. */
export const SUBMITTED_MESSAGE = '已提交审核，等待审核人员处理';

export function SubmitReviewConfirm({ open, onClose, onConfirm }: { open: boolean; onClose: () => void; onConfirm: () => void }) {
  return (
    <Confirm
      isOpen={open}
      title="提示信息"
      content="确定提交审核吗？提交后在审核完成前不能修改。"
      confirm="确定"
      cancel="取消"
      onClose={onClose}
      onConfirm={() => {
        onClose();
        onConfirm();
      }}
    />
  );
}
