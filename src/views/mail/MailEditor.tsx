import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useCallback, useEffect, useState } from 'react';
import { Confirm, Title, useCreatePath } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { actionCall, crudCall } from '../../../resources/declaredCalls';
import mailDecl from '../../../resources/mail';
import { dataProvider } from '../../data';
import { useSuccessNotifier } from '../../notices/useErrorNotifier';
import { MailHistory, MailLetter } from './MailLetter';
import { MailStepDialog, type StepKind } from './MailStepDialog';
import { type ConfirmKind, MailSteps } from './MailSteps';
import type { Row } from './shared';

const QUESTIONS: Record<ConfirmKind, string> = {
  publish: '确定在门户网站公开这封信件及其答复吗？',
  unpublish: '确定取消公开这封信件吗？',
  rk: '确定将这封信件登记入库吗？',
  delete: '删除后无法恢复，确定删除这封信件吗？',
};

/** The letter by id, reloaded after each step; failed when it does not exist or is not the user's to see. */
function useLetter(id: number | null) {
  const [mail, setMail] = useState<Row | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    if (!id) return;
    dataProvider.call<Row>(crudCall(mailDecl, 'get'), { query: { id } }).then(
      (m) => (setMail(m), setFailed(false)),
      () => setFailed(true),
    );
  }, [id]);
  useEffect(load, [load]);
  return { mail, failed, load };
}

/** 信件详情 (LeaderMailbox/mailBoxEditor): the letter, its handling history, and the steps the user may take. */
export function MailEditor({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const mailList = useCreatePath()({ resource: 'mail', type: 'list' });
  const success = useSuccessNotifier();
  const { mail, failed, load } = useLetter(id);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<StepKind | null>(null);
  const [confirm, setConfirm] = useState<ConfirmKind | null>(null);

  if (!id) return <Alert severity="warning">无效的id-key</Alert>;
  if (failed) return <Alert severity="error">信件不存在或无权查看</Alert>;
  if (!mail) {
    return (
      <Box sx={{ p: 3 }}>
        <CircularProgress size={20} sx={{ mr: 1, verticalAlign: 'middle' }} />
        正在加载…
      </Box>
    );
  }

  /** One call at a time; after it succeeds the dialogs close and the letter reloads (or, deleted, the list opens). */
  const run = async (exec: () => Promise<unknown>, message: string, after = load) => {
    setBusy(true);
    try {
      await exec();
      success(message);
      setStep(null);
      after();
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };

  const doConfirm = async () => {
    if (confirm === 'publish' || confirm === 'unpublish')
      await run(() => dataProvider.call(actionCall(mailDecl, 'publish'), { body: { id: mail.id, publicFlag: confirm === 'publish' ? 1 : 0 } }), confirm === 'publish' ? '已公开' : '已取消公开');
    else if (confirm === 'rk') await run(() => dataProvider.call(actionCall(mailDecl, 'rk'), { query: { id: mail.id } }), '登记入库成功');
    else if (confirm === 'delete') await run(() => dataProvider.callExtra('mail', 'del', { query: { id: mail.id } }), '删除成功', () => navigate(mailList));
  };

  return (
    <Box sx={{ p: 2 }} data-testid="mail-editor">
      <Title title="信件详情" />
      <MailSteps mail={mail} onBack={() => navigate(mailList)} onStep={setStep} onConfirm={setConfirm} />
      <MailLetter mail={mail} />
      <MailHistory records={(mail.records as Row[] | undefined) ?? []} />
      <MailStepDialog kind={step} mail={mail} busy={busy} onClose={() => setStep(null)} onRun={(call, body, message) => run(() => dataProvider.call(call, { body }), message)} />
      <Confirm isOpen={confirm !== null} loading={busy} title="提示信息" content={QUESTIONS[confirm ?? 'delete']} confirm="确定" cancel="取消" onConfirm={doConfirm} onClose={() => setConfirm(null)} />
    </Box>
  );
}
