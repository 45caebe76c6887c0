import Button from '@mui/material/Button';
import { PagingBar } from '../../components/list/PagingBar';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Confirm, useCanAccess } from 'react-admin';
import { emitSuccessToast } from '../../../providers';
import type { ExtraCallParams } from '../../../providers/types';
import type { ApiCall } from '../../../resources/types';
import { dataProvider } from '../../data';

export const PAGE_SIZES = [10, 20, 30, 50, 100, 200];

export type Row = Record<string, unknown>;
export interface Page<T = Row> {
  list: T[];
  currPage: number;
  totalRow: number;
  totalPage: number;
}

/** A declared call (see resources/declaredCalls.ts) with a JSON body; the http client shows a failure's errorMsg itself. */
export function api<T = unknown>(call: ApiCall, body?: unknown, path?: ExtraCallParams['path']): Promise<T> {
  return dataProvider.call<T>(call, { body, path });
}

/** A declared extra call of a resource (`api.extra`), with a JSON body. */
export function extra<T = unknown>(resource: string, name: string, body?: unknown): Promise<T> {
  return dataProvider.callExtra<T>(resource, name, { body });
}

/** Runs a change and shows its success toast; resolves false when the server refused (already shown). */
export async function change(send: () => Promise<unknown>, success: string): Promise<boolean> {
  try {
    await send();
    emitSuccessToast(success);
    return true;
  } catch {
    return false;
  }
}

/** Whether the caller holds a permission key (the buttonList loaded at login). */
export function useKey(resource: string, key: string): boolean {
  const { canAccess } = useCanAccess({ resource, action: key });
  return canAccess === true;
}

/** Loads data once and on `reload()`; keeps the last answer while reloading. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): { data: T | undefined; loading: boolean; reload: () => void } {
  const [data, setData] = useState<T>();
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const run = useCallback(load, deps);
  useEffect(() => {
    let alive = true;
    setLoading(true);
    run()
      .then((d) => alive && setData(d))
      .catch(() => undefined)
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [run, tick]);
  return { data, loading, reload: () => setTick((t) => t + 1) };
}

/** The same loading state as the generic lists. */
export { ListLoading as Loading } from '../../generic/GenericList';

export function EmptyRow({ text = '暂无数据' }: { text?: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', p: 4 }} data-testid="list-empty">
      {text}
    </Typography>
  );
}

export function Pager({ page, onChange }: { page: { pageNum: number; pageSize: number; total: number }; onChange: (pageNum: number, pageSize: number) => void }) {
  return <PagingBar total={page.total} pageNum={page.pageNum} pageSize={page.pageSize} onChange={onChange} />;
}

/** A button that asks first (提示信息 / 确定 / 取消), then runs the action. */
export function ConfirmButton({ label, message, onConfirm, color = 'error', size = 'small', variant = 'text', disabled }: {
  label: ReactNode;
  message: string;
  onConfirm: () => Promise<unknown> | void;
  color?: 'error' | 'primary' | 'warning';
  size?: 'small' | 'medium';
  variant?: 'text' | 'outlined' | 'contained';
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button size={size} color={color} variant={variant} disabled={disabled} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title="提示信息"
        content={message}
        confirm="确定"
        cancel="取消"
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          setBusy(true);
          try {
            await onConfirm();
          } finally {
            setBusy(false);
            setOpen(false);
          }
        }}
      />
    </>
  );
}

/** Options of a select from the flat department list, indented by level. */
export interface DeptOption {
  id: number;
  name: string;
  level: number;
}
export function useDeptOptions(): DeptOption[] {
  const { data } = useLoad(() => extra<DeptOption[]>('department', 'list'), []);
  return data ?? [];
}

/** Depth-first order of a flat department list (parents before their children). */
export function treeOrder<T extends { id: number; parentId: number; sort?: number }>(rows: T[]): T[] {
  const kids = new Map<number, T[]>();
  const ids = new Set(rows.map((r) => r.id));
  for (const r of rows) {
    const p = ids.has(r.parentId) ? r.parentId : 0;
    kids.set(p, [...(kids.get(p) ?? []), r]);
  }
  const out: T[] = [];
  const visit = (p: number) => (kids.get(p) ?? []).sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id).forEach((r) => (out.push(r), visit(r.id)));
  visit(0);
  return out;
}
