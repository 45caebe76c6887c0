import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { CanAccess, useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '../../../providers';
import theme, { commentStatusOptions } from '../../../resources/theme';
import { actionCall, crudCall } from '../../../resources/declaredCalls';
import { channelCall, useThemeAction, type ThemeRec } from './actions';

export const STATUS_COLORS = ['default', 'success', 'error', 'warning'] as const;

/** Detail: the theme, its replies (with their audit) and the reply form of the handling department. */
export function DetailButton({ record }: { record: ThemeRec }) {
  const [open, setOpen] = useState(false);
  const [detail, setDetail] = useState<(ThemeRec & { replies: ThemeRec[] }) | null>(null);
  const [content, setContent] = useState('');
  const act = useThemeAction();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const load = () =>
    dataProvider
      .call<ThemeRec & { replies: ThemeRec[] }>(crudCall(theme, 'get'), { query: { id: record.id } })
      .then(setDetail)
      .catch(() => setOpen(false));
  useEffect(() => {
    if (open) void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        详情
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="md">
        <DialogTitle>{String(record.title)}</DialogTitle>
        <DialogContent dividers>
          {!detail ? (
            <Typography>正在加载…</Typography>
          ) : (
            <Stack spacing={1.5}>
              <Typography variant="body2" color="text.secondary" data-testid="theme-detail-meta">
                查询码：{String(detail.queryCode ?? '')} · 留言人：{String(detail.name ?? '')} {String(detail.phone ?? '')} · 收到时间：{String(detail.createTime ?? '')} · 办理部门：
                {String(detail.deptName ?? '未转办')}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap' }}>{String(detail.content ?? '')}</Typography>
              <Typography variant="subtitle2">回复（{detail.replies.length}）</Typography>
              {detail.replies.length === 0 && <Typography color="text.secondary">暂无回复</Typography>}
              {detail.replies.map((r) => (
                <Box key={r.id} data-testid="theme-reply" sx={{ p: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}>
                  <Typography variant="body2" color="text.secondary">
                    {String(r.replyDeptName ?? '')} · {String(r.replyName ?? '')} · {String(r.replyTime ?? '')} ·{' '}
                    <Chip size="small" label={commentStatusOptions.find((o) => o.value === Number(r.status))?.label} color={STATUS_COLORS[Number(r.status)] ?? 'default'} />
                  </Typography>
                  <Typography sx={{ whiteSpace: 'pre-wrap' }}>{String(r.content)}</Typography>
                  {(Number(r.status) === 0 || Number(r.status) === 3) && (
                    <CanAccess action="theme:replyAudit" resource="theme">
                      <Button size="small" onClick={async () => (await act(actionCall(theme, 'replyAudit'), { id: r.id, status: 1 }, '审核成功')) && load()}>
                        通过并发布
                      </Button>
                      <Button size="small" color="error" onClick={async () => (await act(actionCall(theme, 'replyAudit'), { id: r.id, status: 2 }, '审核成功')) && load()}>
                        不通过
                      </Button>
                    </CanAccess>
                  )}
                </Box>
              ))}
              {Number(detail.status) === 1 && Number(detail.handleState) === 0 && (
                <CanAccess action="theme:reply" resource="theme">
                  <TextField label="回复内容" value={content} onChange={(e) => setContent(e.target.value)} multiline minRows={3} inputProps={{ maxLength: 5000 }} />
                  <Box>
                    <Button
                      variant="contained"
                      disabled={!content.trim()}
                      onClick={async () => {
                        if (await act(channelCall(record.channel, 'reply'), { themeId: record.id, content }, '回复成功，待审核后发布')) {
                          setContent('');
                          void load();
                        }
                      }}
                    >
                      提交回复
                    </Button>
                  </Box>
                </CanAccess>
              )}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>关闭</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
