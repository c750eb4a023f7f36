import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, DialogTrigger } from '@fluentui/react-components';
import { Dismiss24Regular } from '@fluentui/react-icons';

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
  /** A Close button (an X) in the title row, as Fluent's dialogs with a close action have: for a dialog that only shows things. */
  closable?: boolean;
  children: ReactNode;
}

/** A dialog that is not one form: its title, its content and its buttons. */
export function SimpleDialog({ open = true, alert = false, onDismiss, title, describedBy, contentId, contentClassName, actions, closable = false, children }: SimpleDialogProps) {
  return (
    <Dialog open={open} modalType={alert ? 'alert' : 'modal'} onOpenChange={(_, d) => !d.open && onDismiss()}>
      <DialogSurface aria-describedby={describedBy}>
        <DialogBody>
          <DialogTitle
            action={
              closable ? (
                <DialogTrigger action="close" disableButtonEnhancement>
                  <Button appearance="subtle" aria-label="Close" icon={<Dismiss24Regular />} />
                </DialogTrigger>
              ) : undefined
            }
          >
            {title}
          </DialogTitle>
          <DialogContent className={contentClassName} id={contentId}>
            {children}
          </DialogContent>
          {actions && <DialogActions>{actions}</DialogActions>}
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
