import { useCallback, useEffect, useState } from 'react';
import type { Page } from '../../providers';
import type { ApiCall } from '../../resources/types';
import { dataProvider } from '../data';

/** A row of a list answer that is not a declared resource's list (counts per department…). */
export type Row = Record<string, unknown> & { id: number };

/** Search values without empty strings and empty arrays (spec: search forms drop them). */
export function compact(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0)));
}

/**
 * A paged list call that is not a resource's list (a panel's counts): the page, loading flag and a
 * reload. The call is a declared one (resources/declaredCalls.ts); a failed call shows as an empty page
 * (the http client has shown its message).
 */
export function usePagedCall(call: ApiCall, search: Record<string, unknown>, pageNum: number, pageSize: number) {
  const [page, setPage] = useState<Page<Row> | null>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const key = JSON.stringify(search);
  useEffect(() => {
    let live = true;
    setLoading(true);
    dataProvider
      .call<Page<Row>>(call, { body: { ...compact(JSON.parse(key) as Record<string, unknown>), pageNum, pageSize } })
      .then(
        (p) => live && setPage(p),
        () => live && setPage({ list: [], currPage: 1, totalRow: 0, totalPage: 0 }),
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the declared path names the call
  }, [call.path, key, pageNum, pageSize, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { page, loading, reload };
}
