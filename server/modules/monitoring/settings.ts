import type { PortalConfig } from '../../config.js';

/** Figures the monitoring module works with (docs/monitoring.md). */
export interface MonitorSettings {
  /** A check slower than this fails: 15 s (国办秘函〔2019〕19号), `MONITOR_SLOW_MS` in tests. */
  slowMs: number;
  /** Checks running at once per instance. */
  concurrency: number;
  /** A certificate expiring within this many days fails the check. */
  certWarnDays: number;
  dataDir: string;
}

export function monitorSettings(config: PortalConfig): MonitorSettings {
  return { slowMs: config.monitorSlowMs ?? 15_000, concurrency: 4, certWarnDays: 7, dataDir: config.dataDir };
}

/** Runs `fn` over `items` with at most `limit` at once. */
export async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
