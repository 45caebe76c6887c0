import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { formatSize, templateApi, type PendingFile } from './templateApi';
import { useSuccessNotifier } from '../../notices/useErrorNotifier';
import { CompareDialog, type Comparison } from './CompareDialog';
import { ConfirmedAction } from './ConfirmedAction';

/**
 * 有新版本: skin files staff edited whose shipped version changed since (the server upgrades unedited
 * files by itself at start). Staff compare, then take the new version (theirs is kept as a .txt copy)
 * or keep theirs. Shown on 模板管理 only when there is something to decide.
 */
export function TemplateUpgrades({ canWrite }: { canWrite: boolean }) {
  const success = useSuccessNotifier();
  const [pending, setPending] = useState<PendingFile[]>([]);
  const [compare, setCompare] = useState<Comparison | null>(null);
  const [toTake, setToTake] = useState<string | null>(null);

  const load = useCallback(() => {
    templateApi.pending().then(setPending, () => setPending([]));
  }, []);
  useEffect(load, [load]);

  const open = async (p: string) => {
    try {
      const [mine, shipped] = await Promise.all([templateApi.read(p), templateApi.shipped(p)]);
      setCompare({ path: p, mine: mine.content, shipped: shipped.content });
    } catch {
      /* shown by the http client */
    }
  };
  const keep = async (p: string) => {
    try {
      await templateApi.keepMine(p);
      success('已保留当前版本');
      load();
    } catch {
      /* shown by the http client */
    }
  };

  if (pending.length === 0) return null;
  return (
    <Box sx={{ mt: 3 }} component="section" aria-labelledby="tpl-upgrades-title">
      <Typography variant="subtitle1" component="h2" id="tpl-upgrades-title" sx={{ mb: 1 }}>
        默认模板有新版本
      </Typography>
      <Alert severity="info" sx={{ mb: 1 }}>
        以下文件已被修改过，系统升级时未覆盖。可查看新版本后选择“采用新版本”（原文件另存为 .txt 副本）或“保留当前版本”；未修改过的文件已自动更新。
      </Alert>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>文件</TableCell>
            <TableCell>当前大小</TableCell>
            <TableCell>新版本大小</TableCell>
            <TableCell>状态</TableCell>
            <TableCell align="right">操作</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {pending.map((f) => (
            <TableRow key={f.path} hover>
              <TableCell>{f.path}</TableCell>
              <TableCell>{formatSize(f.size)}</TableCell>
              <TableCell>{formatSize(f.shippedSize)}</TableCell>
              <TableCell>
                <Chip size="small" color="warning" label="有新版本" />
              </TableCell>
              <TableCell align="right">
                <Button size="small" onClick={() => open(f.path)}>
                  对比
                </Button>
                {canWrite && (
                  <>
                    <Button size="small" onClick={() => setToTake(f.path)}>
                      采用新版本
                    </Button>
                    <Button size="small" onClick={() => keep(f.path)}>
                      保留当前版本
                    </Button>
                  </>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <CompareDialog compare={compare} onClose={() => setCompare(null)} />
      <ConfirmedAction
        target={toTake}
        question={(p) => `确定用新版本替换“${p}”吗？当前内容将另存为同目录下的 .txt 副本，重新生成静态页面后生效。`}
        run={(p) => templateApi.takeNew(p)}
        done={(r) => (r.backup ? `已采用新版本，原文件已另存为 ${r.backup}` : '已采用新版本')}
        onClose={() => setToTake(null)}
        onDone={load}
      />
    </Box>
  );
}
