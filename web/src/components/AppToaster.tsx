import { useEffect, useState } from 'react';
import { Button, Toast, ToastBody, ToastTitle, ToastTrigger, Toaster, makeStyles, useId, useToastController } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { setToastSink, type ToastRequest } from '../lib/notify.ts';
import { FILTER_FORM_ATTRIBUTE, TOP_BAR_ATTRIBUTE } from '../lib/layout.ts';

const TITLES: Record<ToastRequest['intent'], string> = { success: 'Done', warning: 'Warning', error: 'Error', info: 'Note' };

// An inline Toaster is absolutely positioned (it would scroll away with the page, under the sticky top bar): fixed
// keeps the toasts in the window. Above page content, below overlays (drawers, menus, dialogs portal higher).
const useStyles = makeStyles({ toaster: { position: 'fixed', zIndex: 10 } });

/** Space between the toasts and what they must not cover, and from the window's right edge. */
const GAP = 8;
const EDGE = 16;
/** A heading row taller than this is not a row (the h1 sits straight in a page-sized block): use the h1 alone. */
const MAX_HEADING_ROW = 240;

/**
 * Where the toasts start, in px from the top of the window: below the sticky top bar, and below the page's heading row
 * (its h1 and the actions beside it, such as Export) and the list's filters while they are on screen, so a toast never
 * hides the bar, the page's own actions or its filter buttons.
 */
export function toastTop(toasts?: DOMRect | null): number {
  const bar = document.querySelector(`[${TOP_BAR_ATTRIBUTE}]`)?.getBoundingClientRect().bottom ?? 0;
  const heading = document.querySelector('main h1');
  const row = heading?.parentElement && heading.parentElement.tagName !== 'MAIN' ? heading.parentElement : heading;
  const rowBox = row?.getBoundingClientRect();
  const rowBottom = rowBox && rowBox.height <= MAX_HEADING_ROW ? rowBox.bottom : (heading?.getBoundingClientRect().bottom ?? 0);
  // A heading far down the window (a page still loading above it) does not push the toasts off the screen.
  const below = rowBottom <= window.innerHeight / 2 ? rowBottom : 0;
  // A list's filters (search, status, Apply, Clear) sit right below the heading row: the toasts go below them too, or,
  // when the filters reach past the window's upper half (a phone), to the window's foot, which holds no filter.
  const filters = document.querySelector(`main [${FILTER_FORM_ATTRIBUTE}]`)?.getBoundingClientRect();
  const onScreen = filters && filters.bottom > 0 && filters.height > 0;
  const filtersBottom = onScreen && filters.bottom <= window.innerHeight / 2 ? filters.bottom : 0;
  let preferred = Math.round(Math.max(bar, below, filtersBottom, 0) + GAP);
  if (onScreen && filtersBottom === 0 && toasts && filters.top < preferred + toasts.height) preferred = Math.round(window.innerHeight - toasts.height - EDGE);
  return toasts ? clearOfFocus(preferred, toasts, Math.max(bar, 0) + GAP) : preferred;
}

/**
 * The control in use: the element focused last outside the toasts. A press on a toast moves focus to the page's body
 * first; were the toasts placed anew then, the toast would jump from under the pointer between press and release.
 */
let inUse: Element | null = null;
const noteFocus = (event: FocusEvent) => {
  const el = event.target;
  if (el instanceof Element && el !== document.body && !el.closest('[data-app-toaster]')) inUse = el;
};

/**
 * Moves the toasts off the control in use: when the focused element (a field being typed in, the button just pressed)
 * lies where the toasts would sit, they go to the window's foot, else just below it, else just above it; the first
 * place that covers nothing wins (on a phone the toasts span the window's width, so this is what keeps a field free).
 */
function clearOfFocus(preferred: number, toasts: DOMRect, highest: number): number {
  const focused = inUse;
  if (!focused?.isConnected || focused === document.body) return preferred;
  const f = focused.getBoundingClientRect();
  if (f.width === 0 && f.height === 0) return preferred;
  const covers = (top: number) => top < f.bottom && f.top < top + toasts.height && toasts.left < f.right && f.left < toasts.right;
  if (!covers(preferred)) return preferred;
  const lowest = window.innerHeight - toasts.height - EDGE;
  const place = [lowest, f.bottom + GAP, f.top - GAP - toasts.height].find((top) => top >= highest && top <= lowest && !covers(top));
  return Math.round(place ?? preferred);
}

/** The toasts on screen (each in its own box: their container has no height of its own). */
const TOASTS = '[data-app-toaster] [data-toaster-position] > *';

/**
 * Where the toasts on screen will sit, if any: their laid-out sizes (not their drawn boxes, which an entrance motion
 * scales and moves) stacked at the window's right edge.
 */
const toastsBox = (): DOMRect | null => {
  const toasts = [...document.querySelectorAll<HTMLElement>(TOASTS)].filter((el) => el.offsetHeight > 0);
  if (toasts.length === 0) return null;
  const width = Math.max(...toasts.map((el) => el.offsetWidth));
  const height = toasts.reduce((sum, el) => sum + el.offsetHeight, 0) + GAP * (toasts.length - 1);
  return new DOMRect(window.innerWidth - EDGE - width, 0, width, height);
};

/**
 * Keeps the toasts' offset current while the page scrolls, resizes or changes (a new page, a heading row that wraps),
 * listening only while a toast is on screen: with none, pages change without a layout read on every mutation.
 */
function useToastTop(active: boolean): [number, () => void] {
  const [top, setTop] = useState(EDGE);
  useEffect(() => {
    if (!active) return;
    let frame = 0;
    // The stack grows as a toast comes in (its entrance motion) and shrinks as one leaves.
    const sizes = new ResizeObserver(() => measure());
    let watched = new Set<Element>();
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const shown = new Set(document.querySelectorAll(TOASTS));
        for (const el of watched) if (!shown.has(el)) sizes.unobserve(el);
        for (const el of shown) if (!watched.has(el)) sizes.observe(el);
        watched = shown;
        setTop(toastTop(toastsBox()));
      });
    };
    // Once the first toast is drawn its size is known: measure again to keep it off the focused control.
    measure();
    window.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    document.addEventListener('focusin', measure);
    const changes = new MutationObserver(measure);
    changes.observe(document.body, { childList: true, subtree: true });
    return () => {
      cancelAnimationFrame(frame);
      changes.disconnect();
      sizes.disconnect();
      window.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      document.removeEventListener('focusin', measure);
    };
  }, [active]);
  return [top, () => setTop(toastTop(toastsBox()))];
}

/**
 * The app-wide Toaster (top-right, below the top bar and the page's heading row, never over the focused control);
 * `notify` from lib/notify.ts feeds it.
 */
export function AppToaster() {
  const toasterId = useId('app-toaster');
  const { dispatchToast, dismissToast } = useToastController(toasterId);
  const [showing, setShowing] = useState(0);
  const [top, remeasure] = useToastTop(showing > 0);
  const s = useStyles();

  useEffect(() => {
    inUse = document.activeElement;
    document.addEventListener('focusin', noteFocus, true);
    return () => document.removeEventListener('focusin', noteFocus, true);
  }, []);

  useEffect(() => {
    let seq = 0;
    setToastSink((t) => {
      const toastId = `toast-${++seq}`;
      remeasure();
      setShowing((n) => n + 1);
      dispatchToast(
        // Click anywhere on the toast to close it (DECISIONS.md); keyboard users have the Dismiss button.
        <Toast onClick={() => dismissToast(toastId)} style={{ cursor: 'pointer' }}>
          <ToastTitle
            action={
              <ToastTrigger>
                <Button appearance="transparent" size="small" icon={<DismissRegular />} aria-label="Dismiss" />
              </ToastTrigger>
            }
          >
            {t.title ?? TITLES[t.intent]}
          </ToastTitle>
          <ToastBody>{t.message}</ToastBody>
        </Toast>,
        {
          toastId,
          intent: t.intent,
          timeout: t.timeoutMs,
          politeness: t.intent === 'error' ? 'assertive' : 'polite',
          onStatusChange: (_event, { status }) => {
            if (status === 'unmounted') setShowing((n) => n - 1);
          },
        },
      );
    });
    return () => setToastSink(null);
    // remeasure only sets state: a new function each render must not re-register the sink.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatchToast, dismissToast]);

  // Rendered inline inside a named region rather than in a body portal, so toasts sit in a landmark (axe "region")
  // and screen-reader users can find them in the landmark list; the toasts themselves stay fixed at the top-right.
  return (
    <section aria-label="Notifications" data-app-toaster>
      <Toaster className={s.toaster} toasterId={toasterId} position="top-end" offset={{ horizontal: EDGE, vertical: top }} pauseOnHover inline />
    </section>
  );
}
