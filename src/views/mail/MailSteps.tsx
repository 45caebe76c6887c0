import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { MAIL_PERMISSIONS as P, MAIL_STAGE as S } from '../../../resources/mail';
import type { StepKind } from './MailStepDialog';
import { useKey, type Row } from './shared';

export type ConfirmKind = 'publish' | 'unpublish' | 'rk' | 'delete';

interface Props {
  mail: Row;
  onBack: () => void;
  onStep: (kind: StepKind) => void;
  onConfirm: (kind: ConfirmKind) => void;
}

/** The buttons of the steps this user may take at the letter's stage, after 返回列表. */
export function MailSteps({ mail, onBack, onStep, onConfirm }: Props) {
  const can = {
    examine: useKey(P.examine),
    transfer: useKey(P.transfer),
    reply: useKey(P.reply),
    returnMail: useKey(P.returnMail),
    publish: useKey(P.publish),
    rk: useKey(P.rk),
    del: useKey(P.delete),
  };
  const stage = Number(mail.stage);
  const answered = Number(mail.status) === 1;
  const published = Number(mail.publicFlag) === 1;
  const replyStage = stage === S.TRANSFERRED || stage === S.REPLIED || stage === S.ACCEPTED || stage === S.RETURNED;
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', gap: 1 }}>
      <Button variant="outlined" onClick={onBack}>
        返回列表
      </Button>
      {can.examine && stage === S.PENDING && (
        <Button variant="contained" onClick={() => onStep('examine')}>
          审核
        </Button>
      )}
      {can.transfer && [S.PENDING, S.ACCEPTED, S.RETURNED].includes(stage as 0) && (
        <Button variant="contained" onClick={() => onStep('transfer')}>
          转办
        </Button>
      )}
      {can.reply && replyStage && (
        <Button variant="contained" color="success" onClick={() => onStep('reply')}>
          {stage === S.REPLIED ? '修改答复' : '答复'}
        </Button>
      )}
      {can.returnMail && stage === S.TRANSFERRED && (
        <Button variant="outlined" color="warning" onClick={() => onStep('return')}>
          退回
        </Button>
      )}
      {can.publish && answered && (
        <Button variant="outlined" onClick={() => onConfirm(published ? 'unpublish' : 'publish')}>
          {published ? '取消公开' : '公开'}
        </Button>
      )}
      {can.rk && answered && Number(mail.rkFlag) !== 1 && (
        <Button variant="outlined" onClick={() => onConfirm('rk')}>
          登记入库
        </Button>
      )}
      {can.del && (
        <Button variant="outlined" color="error" onClick={() => onConfirm('delete')}>
          删除
        </Button>
      )}
    </Stack>
  );
}
