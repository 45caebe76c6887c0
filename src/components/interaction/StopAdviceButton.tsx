import Button from '@mui/material/Button';
import { useState } from 'react';
import { Confirm, useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '../../../providers';
import { useSuccessNotifier } from '../../notices/useErrorNotifier';

export const STOP_ADVICE_CONFIRM = '停止后将不再接受群众意见，且不能重新开始，确定停止征集吗？';

/**
 * 停止征集 of one advice topic (0 未开始 / 1 征集中 → 2 已结束): asks first (提示信息 / 确定 / 取消), then
 * POST /stopAdvice?id= (spec part 1 §7 "Advice"). The caller shows it only with advice:stop.
 */
export function StopAdviceButton({ id, title, onDone }: { id: number; title?: string; onDone: () => void }) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const success = useSuccessNotifier();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const stop = () => {
    setBusy(true);
    dataProvider
      .callExtra('advice', 'stopAdvice', { query: { id }, required: ['id'] })
      .then(
        () => {
          setOpen(false);
          success('已停止征集');
          onDone();
        },
        () => setOpen(false),
      )
      .finally(() => setBusy(false));
  };
  return (
    <>
      <Button size="small" color="warning" onClick={() => setOpen(true)}>
        停止征集
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title="提示信息"
        content={title ? `「${title}」${STOP_ADVICE_CONFIRM}` : STOP_ADVICE_CONFIRM}
        confirm="确定"
        cancel="取消"
        onConfirm={stop}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
