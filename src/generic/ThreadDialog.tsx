import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { CanAccess, useDataProvider, useGetOne, useRecordContext, useRefresh, type RaRecord } from 'react-admin';
import { inState } from '../../resources/behaviour';
import type { ResourceDecl } from '../../resources/types';
import type { ThreadComposeDecl, ThreadDecl, ThreadItemsDecl } from '../../resources/shape/thread';
import type { PortalDataProviderExtras } from '../../providers/types';
import { useSuccessNotifier } from '../notices/useErrorNotifier';
import { routeFor, type CallRoute } from './actionCallParts';
import { EnumChip } from './fields';

type Rec = Record<string, unknown>;

/** `{field}` as the value, `{field|text}` with the text for a blank value. */
export function threadText(text: string, record: Rec): string {
  return text.replace(/\{(\w+)(?:\|([^}]*))?\}/g, (_, name: string, blank?: string) => {
    const v = record[name];
    return v === undefined || v === null || v === '' ? (blank ?? '') : String(v);
  });
}

/** Runs one of the declaration's actions from the thread; answers whether it passed (a refusal is shown by the client). */
function useThreadAction(decl: ResourceDecl, onDone: () => void) {
  const dataProvider = useDataProvider() as unknown as PortalDataProviderExtras;
  const refresh = useRefresh();
  const success = useSuccessNotifier();
  return async (name: string, body: Rec, record?: RaRecord) => {
    const action = decl.actions?.find((a) => a.name === name);
    if (!action) return false;
    const route = record ? routeFor(action, [record]) : 'mixed';
    const at: CallRoute = route === 'mixed' ? { values: {} } : route;
    try {
      await dataProvider.runAction(decl.name, name, { at: at.at, body: { ...at.values, ...body } });
    } catch {
      return false;
    }
    success(action.success ?? '操作成功');
    refresh();
    onDone();
    return true;
  };
}

/** The row button of `list.thread`. */
export function ThreadButton({ decl, thread }: { decl: ResourceDecl; thread: ThreadDecl }) {
  const record = useRecordContext();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  return (
    <>
      <Button
        size="small"
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      >
        {thread.button}
      </Button>
      {open && <ThreadDialog decl={decl} thread={thread} record={record} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The record read again through the get call: meta, text, its items with their steps, the reply box. */
function ThreadDialog({ decl, thread, record, onClose }: { decl: ResourceDecl; thread: ThreadDecl; record: RaRecord; onClose: () => void }) {
  const { data, refetch } = useGetOne(decl.name, { id: record.id });
  const act = useThreadAction(decl, () => void refetch());
  const titleId = `thread-${decl.name}-${record.id}`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId} onClick={(e) => e.stopPropagation()}>
      <DialogTitle id={titleId}>{String(record[decl.titleField] ?? '')}</DialogTitle>
      <DialogContent dividers>
        {!data ? (
          <Typography>正在加载…</Typography>
        ) : (
          <Stack spacing={1.5}>
            <Typography variant="body2" color="text.secondary" data-testid={`${decl.name}-detail-meta`}>
              {threadText(thread.meta, data)}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{String(data[thread.body] ?? '')}</Typography>
            <ThreadItems decl={decl} items={thread.items} list={(data[thread.items.source] as Rec[] | undefined) ?? []} act={act} />
            {thread.compose && inState(data, thread.compose.shownWhen) && <Compose decl={decl} compose={thread.compose} record={data} act={act} />}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>关闭</Button>
      </DialogActions>
    </Dialog>
  );
}

type Act = ReturnType<typeof useThreadAction>;

function ThreadItems({ decl, items, list, act }: { decl: ResourceDecl; items: ThreadItemsDecl; list: Rec[]; act: Act }) {
  const state = items.state ? decl.fields.find((f) => f.name === items.state) : undefined;
  return (
    <>
      <Typography variant="subtitle2">
        {items.label}（{list.length}）
      </Typography>
      {list.length === 0 && <Typography color="text.secondary">{items.empty}</Typography>}
      {list.map((item) => (
        <Box key={String(item.id)} data-testid={`${decl.name}-${items.testId}`} sx={{ p: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {threadText(items.meta, item)} {state && <EnumChip field={state} value={item[state.name]} />}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{String(item[items.body] ?? '')}</Typography>
          {(items.actions ?? [])
            .filter((a) => inState(item, a.shownWhen))
            .map((a) => (
              <CanAccess key={a.label} action={decl.actions?.find((d) => d.name === a.action)?.permission ?? a.action} resource={decl.name}>
                <Button size="small" onClick={() => void act(a.action, { id: item.id, ...a.values })}>
                  {a.label}
                </Button>
              </CanAccess>
            ))}
        </Box>
      ))}
    </>
  );
}

function Compose({ decl, compose, record, act }: { decl: ResourceDecl; compose: ThreadComposeDecl; record: RaRecord; act: Act }) {
  const [text, setText] = useState('');
  const permission = decl.actions?.find((d) => d.name === compose.action)?.permission ?? compose.action;
  return (
    <CanAccess action={permission} resource={decl.name}>
      <TextField label={compose.label} value={text} onChange={(e) => setText(e.target.value)} multiline minRows={3} inputProps={{ maxLength: compose.maxLength }} />
      <Box>
        <Button
          variant="contained"
          disabled={!text.trim()}
          onClick={async () => {
            if (await act(compose.action, { [compose.key]: record.id, [compose.field]: text }, record)) setText('');
          }}
        >
          {compose.submit}
        </Button>
      </Box>
    </CanAccess>
  );
}
