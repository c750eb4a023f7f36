import { useEffect } from 'react';
import { Button, Toast, ToastBody, ToastTitle, ToastTrigger, Toaster, useId, useToastController } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { setToastSink, type ToastRequest } from '../lib/notify.ts';

const TITLES: Record<ToastRequest['intent'], string> = { success: 'Done', warning: 'Warning', error: 'Error', info: 'Note' };

/** The app-wide Toaster (top-right); `notify` from lib/notify.ts feeds it. */
export function AppToaster() {
  const toasterId = useId('app-toaster');
  const { dispatchToast, dismissToast } = useToastController(toasterId);

  useEffect(() => {
    let seq = 0;
    setToastSink((t) => {
      const toastId = `toast-${++seq}`;
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
        { toastId, intent: t.intent, timeout: t.timeoutMs, politeness: t.intent === 'error' ? 'assertive' : 'polite' },
      );
    });
    return () => setToastSink(null);
  }, [dispatchToast, dismissToast]);

  // Rendered inline inside a named region rather than in a body portal, so toasts sit in a landmark (axe "region")
  // and screen-reader users can find them in the landmark list; the toasts themselves stay fixed at the top-right.
  return (
    <section aria-label="Notifications">
      <Toaster toasterId={toasterId} position="top-end" pauseOnHover inline />
    </section>
  );
}
