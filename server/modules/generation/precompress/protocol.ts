/** Messages between the background pass (pass.ts) and its copy workers (copyWorker.ts). */

/** A page waiting for its .br/.gz: its path below the site folder and the hash its manifest row records. */
export interface PendingPage {
  path: string;
  hash: string;
}

/** Copies made for a page still as recorded; `copies: null` when the page on disk is not (gone or rewritten): nothing left. */
export interface MadeCopies {
  path: string;
  hash: string;
  copies: { suffix: string; hash: string; size: number }[] | null;
}

export type ToCopyWorker = { kind: 'batch'; id: number; root: string; pages: PendingPage[] };

export type FromCopyWorker = { kind: 'ready' } | { kind: 'done'; id: number; made: MadeCopies[] } | { kind: 'error'; id: number; message: string };
