import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { Confirm, useCanAccess, useRecordContext } from 'react-admin';
import { dataProvider } from '../data';
import { useErrorNotifier, useSuccessNotifier } from '../notices/useErrorNotifier';
import { ShowSection } from '../generic/ShowSection';

export interface VoiceState {
  status: 'none' | 'pending' | 'working' | 'ready' | 'failed';
  statusName: string;
  hasVoice: boolean;
  durationSeconds?: number | null;
  url?: string | null;
  error?: string | null;
  updateTime?: string;
}

const COLORS: Record<string, 'default' | 'info' | 'success' | 'error'> = { none: 'default', pending: 'info', working: 'info', ready: 'success', failed: 'error' };

/**
 * 语音播报 of one article (docs/voice.md): whether read-aloud audio exists, and 生成语音 / 删除语音 for
 * holders of article:voice. While the audio is being made the state is asked again every 2 s.
 */
export function VoicePanel({ articleId }: { articleId: number }) {
  const [state, setState] = useState<VoiceState | null>(null);
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const onError = useErrorNotifier();
  const success = useSuccessNotifier();
  const { canAccess } = useCanAccess({ action: 'article:voice', resource: 'article' });
  const load = useCallback(() => dataProvider.callExtra<VoiceState>('article', 'voiceStatus', { body: { articleId } }).then(setState, onError), [articleId, onError]);
  useEffect(() => void load(), [load]);
  const working = state?.status === 'pending' || state?.status === 'working';
  useEffect(() => {
    if (!working) return undefined;
    const t = setInterval(() => void load(), 2000);
    return () => clearInterval(t);
  }, [working, load]);
  const run = async (name: 'voiceSynthesis' | 'voiceDelete', body: Record<string, number>, message?: string) => {
    setBusy(true);
    try {
      await dataProvider.callExtra('article', name, { body });
      if (message) success(message);
      await load();
    } catch (e) {
      onError(e);
    } finally {
      setBusy(false);
    }
  };
  if (!state) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }} aria-label="语音播报">
      <Chip size="small" color={COLORS[state.status] ?? 'default'} label={state.statusName} />
      {state.hasVoice && <Typography variant="body2">{`时长 ${String(state.durationSeconds ?? 0)} 秒${state.updateTime ? `，生成于 ${state.updateTime}` : ''}`}</Typography>}
      {state.url && (
        <Typography variant="body2" component="a" href={`/site/${state.url}`} target="_blank" rel="noopener">
          收听
        </Typography>
      )}
      {canAccess && (
        <>
          <Button size="small" variant="outlined" disabled={busy || working} onClick={() => void run('voiceSynthesis', { articleId }, '语音生成任务已提交')}>
            生成语音
          </Button>
          <Button size="small" color="error" variant="outlined" disabled={busy || working || !state.hasVoice} onClick={() => setConfirm(true)}>
            删除语音
          </Button>
        </>
      )}
      {state.status === 'failed' && state.error && <Alert severity="error" sx={{ width: '100%' }}>{`语音生成失败：${state.error}`}</Alert>}
      <Confirm
        isOpen={confirm}
        title="删除语音"
        content="确定删除该文章的朗读语音吗？"
        onConfirm={() => {
          setConfirm(false);
          void run('voiceDelete', { id: articleId }, '删除成功');
        }}
        onClose={() => setConfirm(false)}
      />
    </Box>
  );
}

/** The show panel (resources/article.ts showPanels): the voice of the record shown. */
export default function ArticleVoice() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <ShowSection title="语音播报">
      <VoicePanel articleId={Number(record.id)} />
    </ShowSection>
  );
}
