import Button from '@mui/material/Button';
import { useState } from 'react';
import { Confirm, useCanAccess, useDataProvider, useListContext, useRecordContext, useRefresh, type RaRecord } from 'react-admin';
import { inState } from '../../resources/behaviour';
import type { ActionDecl, ResourceDecl } from '../../resources/types';
import type { PortalDataProviderExtras } from '../../providers/types';
import { exportActions } from '../components/list/Toolbar';
import { useErrorNotifier, useSuccessNotifier } from '../notices/useErrorNotifier';
import { ActionInputDialog, answerText, type ActionTarget } from './ActionInputDialog';
import { routeFor } from './actionCallParts';
import { AnswerDialog } from './AnswerDialog';
import { DialogPanel } from './ListPanels';
import { TableDialog } from './TableDialog';
import { PreviewOfDialog } from './PreviewOfDialog';
import { LinkPickDialog } from './LinkPickDialog';
import { LinkTreeDialog } from './LinkTreeDialog';
import { MembersDialog } from './MembersDialog';
import { UploadDialog } from './UploadDialog';
import { CallTablesDialog } from './CallTablesDialog';

type Place = 'toolbar' | 'row' | 'show';

/**
 * The action as it applies to this record: in the states its `variant` names, that label (and dialog
 * title), values, question and message instead (处理 → 修改答复, 冻结 → 解冻).
 */
export function actionFor(action: ActionDecl, record: RaRecord | undefined): ActionDecl {
  const v = action.call?.variant;
  if (!v || !record || !inState(record, v.when)) return action;
  return {
    ...action,
    label: v.label,
    confirm: v.confirm ?? action.confirm,
    success: v.success ?? action.success,
    call: { ...action.call, title: v.label, values: { ...action.call?.values, ...v.values } },
  };
}

/**
 * The declared actions the generic views show at a place: those the generic routes serve (`run`), that
 * take an upload, or that name their placement; whole-list exports have the toolbar's 导出Excel button.
 * By default row actions go to each row and the show view, bulk and whole-list ones to the toolbar.
 */
export function actionsAt(decl: ResourceDecl, place: Place): ActionDecl[] {
  const exports = exportActions(decl);
  return (decl.actions ?? []).filter((a) => {
    if (!a.run && !a.placement && !a.upload) return false;
    if (place === 'toolbar' && exports.includes(a)) return false;
    if (a.placement) return a.placement.includes(place);
    const scope = a.scope ?? 'row';
    if (place === 'toolbar') return scope === 'bulk' || scope === 'both' || scope === 'none';
    return scope === 'row' || scope === 'both';
  });
}

function useRunAction(decl: ResourceDecl, action: ActionDecl, onDone?: () => void) {
  const dataProvider = useDataProvider() as unknown as PortalDataProviderExtras;
  const refresh = useRefresh();
  const onError = useErrorNotifier();
  const success = useSuccessNotifier();
  const [busy, setBusy] = useState(false);
  // `answerDialog`: what the call answered, shown in a dialog instead of the passing message.
  const [answered, setAnswered] = useState<{ data: unknown } | null>(null);
  const run = (target: ActionTarget) => {
    setBusy(true);
    if (action.download) {
      // A file answer (Excel, Word): downloaded under the declared name.
      const body = target.id !== undefined ? { id: Number(target.id) } : target.ids ? { ids: target.ids } : {};
      dataProvider
        .exportExcel(action.path, body, action.download)
        .catch(onError)
        .finally(() => setBusy(false));
      return;
    }
    dataProvider
      .runAction(decl.name, action.name, { ...target, body: { ...action.call?.values, ...target.values } })
      .then((answer) => {
        if (action.answerDialog) setAnswered({ data: answer });
        else success(answerText(action.success ?? '操作成功', answer));
        refresh();
        onDone?.();
      }, onError)
      .finally(() => setBusy(false));
  };
  const answerDialog =
    action.answerDialog && answered ? <AnswerDialog shown={action.answerDialog} answer={answered.data} onClose={() => setAnswered(null)} /> : null;
  return { run, busy, answerDialog };
}

/** The action has no call of its own: its button opens one of the declared dialogs. */
const opensDialog = (action: ActionDecl) => !!(action.dialog || action.tableDialog || action.tables || action.members || action.linkTree || action.linkPick || action.previewOf);

/** The dialog an action without a call of its own opens (see opensDialog). */
function ShownDialog({ decl, action, record, onClose }: { decl: ResourceDecl; action: ActionDecl; record: RaRecord | undefined; onClose: () => void }) {
  if (action.dialog) return <DialogPanel name={action.dialog} decl={decl} onClose={onClose} />;
  if (action.tableDialog && record)
    return (
      <span onClick={(e) => e.stopPropagation()}>
        <TableDialog decl={decl} table={action.tableDialog} record={record} onClose={onClose} />
      </span>
    );
  if (action.tables) return <CallTablesDialog decl={decl} tables={action.tables} onClose={onClose} />;
  if (action.members) return <MembersDialog decl={decl} members={action.members} onClose={onClose} />;
  if (action.linkTree) return <LinkTreeDialog decl={decl} action={action} tree={action.linkTree} onClose={onClose} />;
  if (action.linkPick) return <LinkPickDialog decl={decl} action={action} pick={action.linkPick} onClose={onClose} />;
  if (action.previewOf && record) return <PreviewOfDialog entity={action.previewOf} record={record} onClose={onClose} />;
  return null;
}

/**
 * One action button: permission from the role's keys; 提示 / 确定 / 取消 first when the action asks, or the
 * dialog of its input fields when it takes values (`action.input`).
 */
export function ActionButton({
  decl,
  action,
  target,
  disabled,
  hint,
  variant = 'outlined',
  onDone,
}: {
  decl: ResourceDecl;
  action: ActionDecl;
  target: ActionTarget;
  disabled?: boolean;
  /** The button's title (why it is disabled). */
  hint?: string;
  /** A screen whose other buttons are text buttons (论坛主题's rows) asks for `text`. */
  variant?: 'outlined' | 'text';
  /** After a success, besides react-admin's refresh: a screen paging its own call reloads it (报送's 文章审核). */
  onDone?: () => void;
}) {
  const { canAccess } = useCanAccess({ resource: decl.name, action: action.permission });
  const { run, busy, answerDialog } = useRunAction(decl, action, onDone);
  const [asking, setAsking] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [filling, setFilling] = useState(false);
  const [showing, setShowing] = useState(false);
  const refresh = useRefresh();
  const success = useSuccessNotifier();
  const record = useRecordContext();
  const asks = !!action.input?.length && !action.download && !action.upload;
  if (!canAccess) return null;
  return (
    <>
      <Button
        size="small"
        variant={variant}
        disabled={busy || disabled}
        data-testid={`action-${action.name}`}
        title={hint}
        onClick={(e) => {
          e.stopPropagation();
          if (opensDialog(action)) setShowing(true);
          else if (action.upload) setUploading(true);
          else if (asks) setFilling(true);
          else if (action.confirm) setAsking(true);
          else run(target);
        }}
      >
        {action.label}
      </Button>
      {answerDialog}
      {showing && <ShownDialog decl={decl} action={action} record={record} onClose={() => setShowing(false)} />}
      {action.upload && uploading && (
        <UploadDialog
          decl={decl}
          action={action}
          upload={action.upload}
          onClose={() => setUploading(false)}
          onDone={() => {
            setUploading(false);
            refresh();
          }}
        />
      )}
      {asks && filling && (
        <ActionInputDialog
          decl={decl}
          action={action}
          target={target}
          record={record}
          onClose={() => setFilling(false)}
          onDone={(answer) => {
            setFilling(false);
            success(answerText(action.success ?? '操作成功', answer));
            refresh();
            onDone?.();
          }}
        />
      )}
      {action.confirm && !asks && (
        <Confirm
          isOpen={asking}
          title={action.confirmTitle ?? '提示'}
          content={action.confirm}
          confirm="确定"
          cancel="取消"
          onConfirm={() => {
            setAsking(false);
            run(target);
          }}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}

/** Toolbar actions: bulk ones on the selected rows (all of them in an allowed state), whole-list ones as they are. */
export function ToolbarActions({ decl }: { decl: ResourceDecl }) {
  const { selectedIds, data = [] } = useListContext();
  return (
    <>
      {actionsAt(decl, 'toolbar').map((action) => {
        const scope = action.scope ?? 'row';
        if (scope === 'none') return <ActionButton key={action.name} decl={decl} action={action} target={{}} />;
        const chosen = data.filter((r) => selectedIds.includes(r.id));
        const allowed = chosen.length > 0 && chosen.every((r) => inState(r, action.when));
        // `call.atFor`: records whose calls go to different paths are not sent together.
        const route = routeFor(action, chosen);
        const mixed = route === 'mixed';
        const bulk = action.call?.bulkLabel ? { ...action, label: action.call.bulkLabel } : action;
        const target = { ids: selectedIds, ...(mixed ? {} : route) };
        return <ActionButton key={action.name} decl={decl} action={bulk} target={target} disabled={!allowed || mixed} hint={mixed ? action.call?.mixedHint : undefined} />;
      })}
    </>
  );
}

/** Row and show-view actions of the current record, each only in the states that allow it. */
export function RecordActions({ decl, place }: { decl: ResourceDecl; place: 'row' | 'show' }) {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <>
      {actionsAt(decl, place)
        .filter((action) => inState(record, action.when) && inState(record, action.call?.shownWhen) && !(action.call?.hiddenWhen && inState(record, action.call.hiddenWhen)))
        .map((action) => (
          <ActionButton key={action.name} decl={decl} action={actionFor(action, record)} target={rowTarget(action, record)} />
        ))}
    </>
  );
}

/** A row's call: its key (`ids: [id]` with `call.rowAsIds`) and the record's route (`call.atFor`). */
function rowTarget(action: ActionDecl, record: RaRecord): ActionTarget {
  const route = routeFor(action, [record]);
  const key = action.call?.rowAsIds ? { ids: [record.id] } : { id: record.id };
  return route === 'mixed' ? key : { ...key, ...route };
}
