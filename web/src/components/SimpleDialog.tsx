import type { ReactNode } from 'react';
import { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';

export interface SimpleDialogProps {
  open?: boolean;
  /** An alert dialog: only its buttons close it (a destructive confirmation). */
  alert?: boolean;
  /** Escape or a click outside. */
  onDismiss: () => void;
  title: ReactNode;
  /** The id of the words that describe the dialog. */
  describedBy?: string;
  contentId?: string;
  contentClassName?: string;
  /** The buttons, in their order; none: the content has its own. */
  actions?: ReactNode;
  children: ReactNode;
}

/** A dialog that is not one form: its title, its content and its buttons. */
export function SimpleDialog({ open = true, alert = false, onDismiss, title, describedBy, contentId, contentClassName, actions, children }: SimpleDialogProps) {
  return (
    <Dialog open={open} modalType={alert ? 'alert' : 'modal'} onOpenChange={(_, d) => !d.open && onDismiss()}>
      <DialogSurface aria-describedby={describedBy}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={contentClassName} id={contentId}>
            {children}
          </DialogContent>
          {actions && <DialogActions>{actions}</DialogActions>}
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
