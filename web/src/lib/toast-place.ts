import { BREAKPOINTS } from './layout.ts';

/**
 * Where the app's toasts sit (DECISIONS.md "Toasts", revised in the issue 21 walk): at the window's foot, bottom-end
 * on wide windows and centered along the bottom on phones, where a page keeps no control one needs right after an
 * action (a list's headings and sort buttons, its filters, the page's actions all sit at the top). The one exception
 * is the control in use (the field being typed in, the button just pressed, the pager's Next): when the foot would
 * cover it, the toasts move just above it, else just below it.
 */
export type ToastPosition = 'bottom' | 'bottom-end';

export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface ToastPlaceInput {
  window: { width: number; height: number };
  /** The toasts' stack: its laid-out size (0 × 0 before the first one is drawn). */
  toasts: { width: number; height: number };
  /** The control in use, or null. */
  focused: Box | null;
  /** The sticky top bar's bottom edge: toasts never go above it. */
  barBottom: number;
}

/** Space between the toasts and the window's edges, and between the toasts and the control they keep clear of. */
export const TOAST_EDGE = 16;
export const TOAST_GAP = 8;

export const toastPosition = (windowWidth: number): ToastPosition => (windowWidth < BREAKPOINTS.sm ? 'bottom' : 'bottom-end');

/** The toasts' place: their position and their distance (px) from the window's bottom edge. */
export function placeToasts({ window: w, toasts, focused, barBottom }: ToastPlaceInput): { position: ToastPosition; bottom: number } {
  const position = toastPosition(w.width);
  const lowest = w.height - toasts.height - TOAST_EDGE;
  const at = (top: number) => ({ position, bottom: Math.round(w.height - toasts.height - top) });
  if (!focused || (focused.width === 0 && focused.height === 0) || toasts.height === 0) return at(lowest);
  const left = position === 'bottom' ? (w.width - toasts.width) / 2 : w.width - TOAST_EDGE - toasts.width;
  const covers = (top: number) => top < focused.top + focused.height && focused.top < top + toasts.height && left < focused.left + focused.width && focused.left < left + toasts.width;
  const highest = barBottom + TOAST_GAP;
  const place = [lowest, focused.top - TOAST_GAP - toasts.height, focused.top + focused.height + TOAST_GAP].find((top) => top >= highest && top <= lowest && !covers(top));
  return at(place ?? lowest);
}
