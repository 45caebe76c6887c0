import type { BackupKind } from './manifest.js';

export interface KeptBackup {
  id: number;
  kind: string;
  startTime: string;
}

const day = (t: string) => t.slice(0, 10);
const month = (t: string) => t.slice(0, 7);

/** Monday of the week of a `YYYY-MM-DD…` local time, as `YYYY-MM-DD`. */
function weekOf(t: string): string {
  const d = new Date(`${day(t)}T00:00:00`);
  d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * The kind of today's scheduled backup (grandfather-father-son): the month's first is monthly, else the
 * week's first is weekly, else daily. `done` are the backups kept, `now` a stored local time.
 */
export function scheduledKind(now: string, done: readonly KeptBackup[]): Exclude<BackupKind, 'manual'> {
  if (!done.some((b) => b.kind === 'monthly' && month(b.startTime) === month(now))) return 'monthly';
  if (!done.some((b) => (b.kind === 'weekly' || b.kind === 'monthly') && weekOf(b.startTime) === weekOf(now))) return 'weekly';
  return 'daily';
}

/** The backups the rotation removes: beyond the newest `keep[kind]` of each kind. */
export function expiredBackups(done: readonly KeptBackup[], keep: Record<BackupKind, number>): KeptBackup[] {
  const out: KeptBackup[] = [];
  for (const kind of Object.keys(keep) as BackupKind[]) {
    const ofKind = done.filter((b) => b.kind === kind).sort((a, b) => b.startTime.localeCompare(a.startTime) || b.id - a.id);
    out.push(...ofKind.slice(keep[kind]));
  }
  return out;
}
