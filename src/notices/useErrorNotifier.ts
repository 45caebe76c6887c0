import { useCallback } from 'react';
import { useNotify } from 'react-admin';

/** Durations of spec §9: error and warning toasts 8 s, success toasts 3 s. */
export const ERROR_TOAST_MS = 8000;
export const SUCCESS_TOAST_MS = 3000;

/** True for a PortalError the providers have already shown (toast or panel). */
export function wasNotified(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as { notified?: unknown }).notified === true;
}

function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error && error.message) return error.message;
  return 'ra.notification.http_error';
}

/**
 * An onError for react-admin queries and mutations that does not repeat what the providers already
 * showed (PortalError with notified: true) and shows anything else for 8 s, as a warning when the error
 * says so.
 */
export function useErrorNotifier(): (error: unknown) => void {
  const notify = useNotify();
  return useCallback(
    (error: unknown) => {
      if (wasNotified(error)) return;
      const level = (error as { level?: unknown } | null)?.level === 'warning' ? 'warning' : 'error';
      const message = messageOf(error);
      notify(message, { type: level, autoHideDuration: ERROR_TOAST_MS, messageArgs: { _: message } });
    },
    [notify],
  );
}

/** A success toast of 3 s. */
export function useSuccessNotifier(): (message: string, smartCount?: number) => void {
  const notify = useNotify();
  return useCallback(
    (message: string, smartCount = 1) =>
      notify(message, { type: 'success', autoHideDuration: SUCCESS_TOAST_MS, messageArgs: { smart_count: smartCount } }),
    [notify],
  );
}
