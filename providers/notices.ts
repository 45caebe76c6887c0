import type { PortalNotice } from './types';

/**
 * The providers have no React; they announce what the user must see here and the UI (src/) renders it.
 * Durations are the spec's (part 1 §9).
 */

/** Error and warning toasts from the API success check. */
export const TOAST_ERROR_MS = 8000;
export const TOAST_WARNING_MS = 8000;
export const TOAST_SUCCESS_MS = 3000;
/** Bottom-right panel for HTTP error statuses. */
export const PANEL_MS = 4000;

export type NoticeListener = (notice: PortalNotice) => void;

const listeners = new Set<NoticeListener>();

/** Subscribes; the returned function unsubscribes. */
export function onNotice(listener: NoticeListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function emitNotice(notice: PortalNotice): void {
  // Copy first so a listener that unsubscribes while handling does not disturb the loop.
  for (const listener of [...listeners]) {
    try {
      listener(notice);
    } catch (err) {
      // One broken renderer must not stop the others or the call that emitted.
      console.error('notice listener failed', err);
    }
  }
}

export function emitErrorToast(message: string): void {
  emitNotice({ kind: 'toast', level: 'error', message, duration: TOAST_ERROR_MS });
}

export function emitWarningToast(message: string): void {
  emitNotice({ kind: 'toast', level: 'warning', message, duration: TOAST_WARNING_MS });
}

export function emitSuccessToast(message: string): void {
  emitNotice({ kind: 'toast', level: 'success', message, duration: TOAST_SUCCESS_MS });
}

export function emitPanel(title: string, body: string): void {
  emitNotice({ kind: 'panel', title, body, duration: PANEL_MS });
}
