// Toasts (DECISIONS.md, placement revised in the issue 21 walk): at the window's foot (components/AppToaster.tsx,
// lib/toast-place.ts), short-lived: success, notes and warnings 7 s (time for a keyboard user to Tab to Dismiss), close on click; errors
// stay up to 150 s.
export type ToastIntent = 'success' | 'warning' | 'error' | 'info';
export interface ToastRequest {
  intent: ToastIntent;
  message: string;
  title?: string;
  timeoutMs: number;
}

export const TOAST_TIMEOUT_MS = 7000;
export const ERROR_TOAST_TIMEOUT_MS = 150_000;

type Sink = (toast: ToastRequest) => void;
let sink: Sink | null = null;
const pending: ToastRequest[] = [];

/** The Toaster registers itself; toasts raised before it mounts are shown once it does. */
export function setToastSink(next: Sink | null): void {
  sink = next;
  if (sink) for (const t of pending.splice(0)) sink(t);
}

function show(intent: ToastIntent, message: string, title?: string): void {
  const toast: ToastRequest = {
    intent,
    message,
    timeoutMs: intent === 'error' ? ERROR_TOAST_TIMEOUT_MS : TOAST_TIMEOUT_MS,
    ...(title ? { title } : {}),
  };
  if (sink) sink(toast);
  else pending.push(toast);
}

export const notify = {
  success: (message: string, title?: string) => show('success', message, title),
  warning: (message: string, title?: string) => show('warning', message, title),
  error: (message: string, title?: string) => show('error', message, title),
  info: (message: string, title?: string) => show('info', message, title),
};
