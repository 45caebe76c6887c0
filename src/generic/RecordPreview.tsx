import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import type { RaRecord } from 'react-admin';
import { fillPreviewTemplate, type PreviewDecl } from '../../resources/shape/preview';
import type { ResourceDecl } from '../../resources/types';
import { HtmlViewer } from '../components/htmlViewer/HtmlViewer';
import { dataProvider } from '../data';
import { useErrorNotifier } from '../notices/useErrorNotifier';
import { ListLoading } from './GenericList';
import { ShowSection } from './ShowSection';
import { RowsTable } from './ShowTables';

type Rec = Record<string, unknown>;

/** The declared values in a row of labels (`data-label` on each value). */
function Meta({ name, preview, record }: { name: string; preview: PreviewDecl; record: Rec }) {
  return (
    <Box component="dl" data-testid={`${name}-meta`} sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', columnGap: 3, rowGap: 0.5, m: 0, mb: 2 }}>
      {preview.meta.map(({ label, value }) => {
        const text = fillPreviewTemplate(value, record);
        return (
          <Box key={label} sx={{ display: 'flex', gap: 1, minWidth: 0 }}>
            <Typography component="dt" variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
              {label}：
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }} noWrap title={text} data-label={label}>
              {text}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

/** The preview's body: meta, the rich text, the declared tables. */
function PreviewBody({ decl, preview, record }: { decl: ResourceDecl; preview: PreviewDecl; record: Rec }) {
  const tables = (decl.showTables ?? []).filter((t) => preview.tables?.includes(t.source));
  return (
    <>
      <Meta name={decl.name} preview={preview} record={record} />
      {preview.body && <HtmlViewer html={String(record[preview.body] ?? '')} title={preview.bodyTitle} />}
      {tables.map((t) => (
        <ShowSection key={t.source} title={t.label}>
          <RowsTable rows={Array.isArray(record[t.source]) ? (record[t.source] as Rec[]) : []} table={t} />
        </ShowSection>
      ))}
    </>
  );
}

export interface RecordPreviewProps {
  decl: ResourceDecl;
  id: number;
  title: string;
  open: boolean;
  onClose: () => void;
  /** Buttons beside 关闭, given the loaded record (a reviewer's 通过 / 退回). */
  actions?: (record: Rec) => ReactNode;
}

/** The declaration's `preview` of one record (resources/shape/preview.ts), read by its get call, in a dialog. */
export function RecordPreviewDialog({ decl, id, title, open, onClose, actions }: RecordPreviewProps) {
  const [record, setRecord] = useState<Rec | null>(null);
  const onError = useErrorNotifier();
  useEffect(() => {
    if (!open) return;
    let live = true;
    setRecord(null);
    dataProvider.getOne<RaRecord>(decl.name, { id }).then(
      ({ data }) => live && setRecord(data),
      (e) => (onError(e), onClose()),
    );
    return () => {
      live = false;
    };
  }, [open, decl.name, id, onError, onClose]);
  const labelId = `preview-${decl.name}-${id}`;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby={labelId}>
      <DialogTitle id={labelId}>{title}</DialogTitle>
      <DialogContent dividers>{record === null || !decl.preview ? <ListLoading /> : <PreviewBody decl={decl} preview={decl.preview} record={record} />}</DialogContent>
      <DialogActions>
        {record && actions?.(record)}
        <Button onClick={onClose}>关闭</Button>
      </DialogActions>
    </Dialog>
  );
}

/** A 预览 button opening the dialog; `actions` get the record and a close callback. */
export function RecordPreviewButton(props: Omit<RecordPreviewProps, 'open' | 'onClose' | 'actions'> & { actions?: (record: Rec, close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const close = useState(() => () => setOpen(false))[0];
  const { actions, ...rest } = props;
  return (
    <>
      <Button size="small" onClick={(e) => (e.stopPropagation(), setOpen(true))}>
        预览
      </Button>
      {open && <RecordPreviewDialog {...rest} open={open} onClose={close} actions={actions ? (r) => actions(r, close) : undefined} />}
    </>
  );
}
