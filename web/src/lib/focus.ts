import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** Controls a refused form marks: Fluent's Field sets aria-invalid; a control that cannot carry it sets data-invalid. */
const INVALID = '[aria-invalid="true"], [data-invalid="true"]';

/**
 * After a refused submit, focus moves to the form's first invalid control (in document order), so a keyboard or
 * screen-reader user lands on what to fix: `const [formRef, focusFirstInvalid] = useFocusFirstInvalid()`, the ref on the
 * form and `focusFirstInvalid()` called with the errors set; focus moves once they show.
 */
export function useFocusFirstInvalid<T extends HTMLElement>(): [RefObject<T | null>, () => void] {
  const ref = useRef<T>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt > 0) ref.current?.querySelector<HTMLElement>(INVALID)?.focus();
  }, [attempt]);
  const refused = useCallback(() => setAttempt((n) => n + 1), []);
  return [ref, refused];
}

/**
 * A ref for the first field of content that replaces a loading state in a dialog: when it appears, it takes focus,
 * unless the user has moved into another field meanwhile (focus is still on the dialog's own buttons or nowhere).
 */
export function useFocusWhenShown<T extends HTMLElement>(): (el: T | null) => void {
  return useCallback((el: T | null) => {
    if (!el) return;
    const active = document.activeElement;
    const dialog = el.closest('[role="dialog"], [role="alertdialog"]');
    const idle = !active || active === document.body || active === dialog || (active instanceof HTMLButtonElement && dialog?.contains(active) === true);
    if (idle) el.focus();
  }, []);
}
