import { useEffect, useState } from 'react';
import { Button, Toast, ToastBody, ToastTitle, ToastTrigger, Toaster, makeStyles, useId, useToastController } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { setToastSink, type ToastRequest } from '../lib/notify.ts';
import { TOP_BAR_ATTRIBUTE } from '../lib/layout.ts';
import { placeToasts, TOAST_EDGE, TOAST_GAP, toastPosition, type ToastPosition } from '../lib/toast-place.ts';

const TITLES: Record<ToastRequest['intent'], string> = { success: 'Done', warning: 'Warning', error: 'Error', info: 'Note' };

// An inline Toaster is absolutely positioned (it would scroll away with the page, under the sticky top bar): fixed
// keeps the toasts in the window. Above page content, below overlays (drawers, menus, dialogs portal higher).
const useStyles = makeStyles({ toaster: { position: 'fixed', zIndex: 10 } });

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
 * Where the toasts go now (lib/toast-place.ts): the window's foot, clear of the control in use. The position's box has
 * no height of its own and its toasts hang below its bottom edge, so that edge sits the stack's height above where the
 * stack ends (`height`; before the first toast is drawn it is 0, and the toast comes in from below the window).
 */
type Place = { position: ToastPosition; bottom: number; height: number };
function currentPlace(): Place {
  const stack = toastsSize();
  const focused = inUse?.isConnected && inUse !== document.body ? inUse.getBoundingClientRect() : null;
  const barBottom = document.querySelector(`[${TOP_BAR_ATTRIBUTE}]`)?.getBoundingClientRect().bottom ?? 0;
  return { ...placeToasts({ window: { width: window.innerWidth, height: window.innerHeight }, toasts: stack, focused, barBottom: Math.max(barBottom, 0) }), height: stack.height };
}

/** The toasts on screen (each in its own box: their container has no height of its own). */
const TOASTS = '[data-app-toaster] [data-toaster-position] > *';

/**
 * The size of the toasts on screen (0 × 0 with none): their laid-out sizes (not their drawn boxes, which an entrance
 * motion scales and moves), stacked.
 */
const toastsSize = (): { width: number; height: number } => {
  const toasts = [...document.querySelectorAll<HTMLElement>(TOASTS)].filter((el) => el.offsetHeight > 0);
  if (toasts.length === 0) return { width: 0, height: 0 };
  const width = Math.max(...toasts.map((el) => el.offsetWidth));
  const height = toasts.reduce((sum, el) => sum + el.offsetHeight, 0) + TOAST_GAP * (toasts.length - 1);
  return { width, height };
};

/**
 * Keeps the toasts' place current while the page scrolls, resizes or changes (a new page, a control that moves),
 * listening only while a toast is on screen: with none, pages change without a layout read on every mutation.
 */
function useToastPlace(active: boolean): [Place, () => void] {
  const [place, setPlace] = useState<Place>({ position: 'bottom-end', bottom: TOAST_EDGE, height: 0 });
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
        setPlace(currentPlace());
      });
    };
    // Once the first toast is drawn its size is known: measure again to keep it off the control in use.
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
  return [place, () => setPlace(currentPlace())];
}

/**
 * The app-wide Toaster: bottom-end on wide windows, along the bottom on phones, never over the control in use
 * (lib/toast-place.ts); `notify` from lib/notify.ts feeds it.
 */
export function AppToaster() {
  const toasterId = useId('app-toaster');
  const { dispatchToast, dismissToast } = useToastController(toasterId);
  const [showing, setShowing] = useState(0);
  const [place, remeasure] = useToastPlace(showing > 0);
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
          position: toastPosition(window.innerWidth),
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
  // and screen-reader users can find them in the landmark list; the toasts themselves stay fixed at the window's foot.
  return (
    <section aria-label="Notifications" data-app-toaster>
      <Toaster className={s.toaster} toasterId={toasterId} position={place.position} offset={{ horizontal: TOAST_EDGE, vertical: place.bottom + place.height }} pauseOnHover inline />
    </section>
  );
}
