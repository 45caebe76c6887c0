import { useSearchParams } from 'react-router-dom';

/**
 * The filter a workbench link put in the route's query string (`?stage=2&overdue=1`, resources/workbench/todos.ts),
 * limited to the keys a screen knows; a screen starts its search form and its first call with it.
 */
export function useUrlFilter<K extends string>(keys: readonly K[]): Partial<Record<K, string>> {
  const [params] = useSearchParams();
  const out: Partial<Record<K, string>> = {};
  for (const k of keys) {
    const v = params.get(k);
    if (v !== null && v !== '' && v.length <= 50) out[k] = v;
  }
  return out;
}
