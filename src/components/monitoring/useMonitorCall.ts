import { useCallback, useEffect, useState } from 'react';
import { http } from '../../portal';

export interface CallState<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload: () => void;
}

/** POSTs `body` to `path` on mount and whenever the body changes or `reload` is called. */
export function useMonitorCall<T>(path: string | null, body: Record<string, unknown> = {}): CallState<T> {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({ data: null, error: null, loading: !!path });
  const [tick, setTick] = useState(0);
  const key = JSON.stringify(body);
  useEffect(() => {
    if (!path) return undefined;
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    http.request<T>({ path, body: JSON.parse(key) as unknown }).then(
      (data) => live && setState({ data, error: null, loading: false }),
      (e: unknown) => live && setState({ data: null, error: e instanceof Error ? e.message : '加载失败', loading: false }),
    );
    return () => {
      live = false;
    };
  }, [path, key, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}
