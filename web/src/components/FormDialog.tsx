import type { FormEvent, ReactNode, Ref } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components';
import { SubmitButton } from './SubmitButton.tsx';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export interface FormDialogProps {
  title: ReactNode;
  /** True while the form is being sent: Escape and a click outside do not close the dialog then. */
  busy: boolean;
  /** Cancel, Escape or a click outside (ignored while busy; Cancel stays focusable then). */
  onDismiss: () => void;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  /** The form's accessible name, when it needs one besides the dialog's title. */
  formLabel?: string;
  formRef?: Ref<HTMLFormElement>;
  /** The surface's width, for a dialog wider or narrower than Fluent's default. */
  surfaceClassName?: string;
  /** The submit button's text; null: the form cannot be sent yet (only Cancel shows). */
  submitLabel: ReactNode | null;
  /** Cancel before the submit button (an edit form's order; a dialog opens on its first button). */
  cancelFirst?: boolean;
  /** The fields, one under the other. */
  children: ReactNode;
}

/** A modal dialog that is one form: its title, its fields, its submit button and Cancel. */
export function FormDialog({ title, busy, onDismiss, onSubmit, formLabel, formRef, surfaceClassName, submitLabel, cancelFirst = false, children }: FormDialogProps) {
  const s = useStyles();
  const submit = submitLabel !== null && <SubmitButton busy={busy}>{submitLabel}</SubmitButton>;
  const cancel = (
    <Button disabledFocusable={busy} onClick={onDismiss}>
      Cancel
    </Button>
  );
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && !busy && onDismiss()} modalType="modal">
      <DialogSurface className={surfaceClassName} aria-describedby={undefined}>
        <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={formLabel}>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={s.content}>{children}</DialogContent>
            <DialogActions>
              {cancelFirst ? cancel : submit}
              {cancelFirst ? submit : cancel}
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
