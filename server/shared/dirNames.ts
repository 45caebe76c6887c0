import { readdirSync } from 'node:fs';

/**
 * A folder's names, or none when it is absent (or replaced mid-walk). Synchronous: the callers walk a few
 * dozen metadata entries on a save's path, where an awaited call each cost an event-loop turn behind every
 * reader's work (issue 26, sessions 30 and 37).
 */
export function dirNames(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
