import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { dataProvider } from '../../data';
import { useErrorNotifier } from '../../notices/useErrorNotifier';
import { printAnchor } from './printAnchor';

interface Head {
  headSeq: number;
  headHash: string;
  baseSeq: number;
  updateTime?: string;
}

interface Report {
  ok: boolean;
  checked: number;
  headSeq: number;
  anchorsChecked: number;
  firstBroken: { chainSeq: number; id: number | null; reason: string } | null;
  checkedAt: string;
}

const now = () => new Date().toLocaleString('zh-CN', { hour12: false });

/**
 * 日志完整性 (resources/logAnchor.ts): the operation log's chain head, 校验日志链 (optionally against an
 * anchor kept on paper), 打印链头 and 导出锚点, above the list of anchors.
 */
export function LogChainPanel() {
  const onError = useErrorNotifier();
  const [head, setHead] = useState<Head | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [busy, setBusy] = useState(false);
  const [seq, setSeq] = useState('');
  const [hash, setHash] = useState('');

  const loadHead = useCallback(() => {
    dataProvider.callExtra<Head | null>('logAnchor', 'head').then(setHead, onError);
  }, [onError]);
  useEffect(loadHead, [loadHead]);

  const verify = async () => {
    setBusy(true);
    try {
      const body = seq || hash ? { chainSeq: seq, chainHash: hash } : {};
      setReport(await dataProvider.callExtra<Report>('logAnchor', 'verify', { body }));
      loadHead();
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="log-chain-panel">
      <Typography variant="subtitle1" component="h2" gutterBottom>
        操作日志链
      </Typography>
      <Typography variant="body2" data-testid="log-chain-head" sx={{ wordBreak: 'break-all' }}>
        {head ? `当前链头：第 ${head.headSeq} 条，哈希 ${head.headHash}` : '日志链尚未开始'}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mt: 1.5 }}>
        <TextField size="small" label="核对锚点：链序号" value={seq} onChange={(e) => setSeq(e.target.value)} sx={{ width: 170 }} />
        <TextField size="small" label="链头哈希" value={hash} onChange={(e) => setHash(e.target.value)} sx={{ width: 360 }} />
        <Button variant="contained" size="small" disabled={busy} onClick={() => void verify()} data-testid="log-chain-verify">
          校验日志链
        </Button>
        <Button variant="outlined" size="small" disabled={!head} onClick={() => head && printAnchor(head, now())}>
          打印链头
        </Button>
        <Button variant="outlined" size="small" onClick={() => void dataProvider.downloadExtra('logAnchor', 'exportAnchors', { body: {} }, '日志链锚点.txt').catch(onError)}>
          导出锚点
        </Button>
      </Box>
      {report && (
        <Alert severity={report.ok ? 'success' : 'error'} sx={{ mt: 1.5 }} data-testid="log-chain-result">
          {report.ok
            ? `日志链完整：校验 ${report.checked} 条，核对锚点 ${report.anchorsChecked} 个（${new Date(report.checkedAt).toLocaleString('zh-CN', { hour12: false })}）`
            : `日志链在第 ${report.firstBroken?.chainSeq} 条处断开：${report.firstBroken?.reason}`}
        </Alert>
      )}
    </Paper>
  );
}
