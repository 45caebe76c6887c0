import { useCallback, useEffect, useState } from 'react';
import type { ApiCall } from '../../../resources/types';
import { dataProvider } from '../../data';

export interface CallState<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload: () => void;
}

/** What a monitoring screen loads: an `api.extra` call of a declaration, or a declared call of resources/calls/. */
export type MonitorCall = { readonly resource: string; readonly extra: string } | ApiCall;

function run<T>(call: MonitorCall, body: unknown): Promise<T> {
  return 'resource' in call ? dataProvider.callExtra<T>(call.resource, call.extra, { body }) : dataProvider.call<T>(call, { body });
}

/** Runs `call` with `body` on mount and whenever the body changes or `reload` is called. */
export function useMonitorCall<T>(call: MonitorCall | null, body: Record<string, unknown> = {}): CallState<T> {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({ data: null, error: null, loading: !!call });
  const [tick, setTick] = useState(0);
  const key = JSON.stringify(body);
  // Callers pass literals; the call's text keeps the effect from re-running on every render.
  const callKey = call ? JSON.stringify(call) : null;
  useEffect(() => {
    if (!callKey) return undefined;
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    run<T>(JSON.parse(callKey) as MonitorCall, JSON.parse(key) as unknown).then(
      (data) => live && setState({ data, error: null, loading: false }),
      (e: unknown) => live && setState({ data: null, error: e instanceof Error ? e.message : '加载失败', loading: false }),
    );
    return () => {
      live = false;
    };
  }, [callKey, key, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}
