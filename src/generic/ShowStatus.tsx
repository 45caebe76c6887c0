import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { Confirm, useCanAccess } from 'react-admin';
import { statusView, type ShowStatusButton, type ShowStatusDecl } from '../../resources/shape/showStatus';
import type { ResourceDecl } from '../../resources/types';
import { dataProvider } from '../data';
import { useErrorNotifier, useSuccessNotifier } from '../notices/useErrorNotifier';
import { ShowSections } from './ShowSection';

type Answer = Record<string, unknown>;

/** A button of the panel, shown to holders of its key. */
function StatusButton({ decl, button, disabled, onRun }: { decl: ResourceDecl; button: ShowStatusButton; disabled: boolean; onRun: () => void }) {
  const { canAccess } = useCanAccess({ action: button.permission ?? '', resource: decl.name });
  const [confirm, setConfirm] = useState(false);
  if (button.permission && !canAccess) return null;
  return (
    <>
      <Button size="small" variant="outlined" color={button.color ?? 'primary'} disabled={disabled} onClick={() => (button.confirm ? setConfirm(true) : onRun())}>
        {button.label}
      </Button>
      {button.confirm && (
        <Confirm
          isOpen={confirm}
          title={button.confirm.title}
          content={button.confirm.text}
          onConfirm={() => {
            setConfirm(false);
            onRun();
          }}
          onClose={() => setConfirm(false)}
        />
      )}
    </>
  );
}

/** One declared state of the shown record (`showStatus`, resources/shape/showStatus.ts): its chip, texts and buttons. */
function StatusPanel({ decl, panel, id }: { decl: ResourceDecl; panel: ShowStatusDecl; id: number }) {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [busy, setBusy] = useState(false);
  const onError = useErrorNotifier();
  const success = useSuccessNotifier();
  const load = useCallback(
    () => dataProvider.callExtra<Answer>(decl.name, panel.call, { body: { [panel.idParam]: id } }).then(setAnswer, onError),
    [decl.name, panel.call, panel.idParam, id, onError],
  );
  useEffect(() => void load(), [load]);
  const view = answer ? statusView(panel, answer) : null;
  useEffect(() => {
    if (!view?.polling) return undefined;
    const t = setInterval(() => void load(), panel.everyMs ?? 2000);
    return () => clearInterval(t);
  }, [view?.polling, panel.everyMs, load]);
  const run = async (button: ShowStatusButton) => {
    setBusy(true);
    try {
      await dataProvider.callExtra(decl.name, button.call, { body: { [button.idParam]: id } });
      if (button.success) success(button.success);
      await load();
    } catch (e) {
      onError(e);
    } finally {
      setBusy(false);
    }
  };
  if (!view) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }} aria-label={panel.label}>
      <Chip size="small" color={view.chip.color} label={view.chip.label} />
      {view.texts.map((text) => (
        <Typography key={text} variant="body2">
          {text}
        </Typography>
      ))}
      {view.link && (
        <Typography variant="body2" component="a" href={view.link.href} target="_blank" rel="noopener">
          {view.link.label}
        </Typography>
      )}
      {panel.buttons?.map((b) => <StatusButton key={b.label} decl={decl} button={b} disabled={busy || !view.enabled(b)} onRun={() => void run(b)} />)}
      {view.alert && <Alert severity="error" sx={{ width: '100%' }}>{view.alert}</Alert>}
    </Box>
  );
}

/** The declaration's `showStatus` panels under the show view, for the record shown. */
export function ShowStatus({ decl }: { decl: ResourceDecl }) {
  return (
    <ShowSections items={decl.showStatus} keyOf={(panel) => panel.label}>
      {(panel, record) => <StatusPanel decl={decl} panel={panel} id={Number(record.id)} />}
    </ShowSections>
  );
}
