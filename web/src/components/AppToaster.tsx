import { useEffect, useState } from 'react';
import { Button, Toast, ToastBody, ToastTitle, ToastTrigger, Toaster, makeStyles, useId, useToastController } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { setToastSink, type ToastRequest } from '../lib/notify.ts';
import { TOP_BAR_ATTRIBUTE } from '../lib/layout.ts';

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
 * (its h1 and the actions beside it, such as Export) while that row is on screen, so a toast never hides the bar or
 * the page's own actions.
 */
export function toastTop(): number {
  const bar = document.querySelector(`[${TOP_BAR_ATTRIBUTE}]`)?.getBoundingClientRect().bottom ?? 0;
  const heading = document.querySelector('main h1');
  const row = heading?.parentElement && heading.parentElement.tagName !== 'MAIN' ? heading.parentElement : heading;
  const rowBox = row?.getBoundingClientRect();
  const rowBottom = rowBox && rowBox.height <= MAX_HEADING_ROW ? rowBox.bottom : (heading?.getBoundingClientRect().bottom ?? 0);
  // A heading far down the window (a page still loading above it) does not push the toasts off the screen.
  const below = rowBottom <= window.innerHeight / 2 ? rowBottom : 0;
  return Math.round(Math.max(bar, below, 0) + GAP);
}

/**
 * Keeps the toasts' offset current while the page scrolls, resizes or changes (a new page, a heading row that wraps),
 * listening only while a toast is on screen: with none, pages change without a layout read on every mutation.
 */
function useToastTop(active: boolean): [number, () => void] {
  const [top, setTop] = useState(EDGE);
  useEffect(() => {
    if (!active) return;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setTop(toastTop()));
    };
    window.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    const changes = new MutationObserver(measure);
    changes.observe(document.body, { childList: true, subtree: true });
    return () => {
      cancelAnimationFrame(frame);
      changes.disconnect();
      window.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [active]);
  return [top, () => setTop(toastTop())];
}

/** The app-wide Toaster (top-right, below the top bar and the page's heading row); `notify` from lib/notify.ts feeds it. */
export function AppToaster() {
  const toasterId = useId('app-toaster');
  const { dispatchToast, dismissToast } = useToastController(toasterId);
  const [showing, setShowing] = useState(0);
  const [top, remeasure] = useToastTop(showing > 0);
  const s = useStyles();

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
    <section aria-label="Notifications">
      <Toaster className={s.toaster} toasterId={toasterId} position="top-end" offset={{ horizontal: EDGE, vertical: top }} pauseOnHover inline />
    </section>
  );
}
