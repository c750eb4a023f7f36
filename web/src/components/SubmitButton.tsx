import type { ReactElement, ReactNode } from 'react';
import { Button, Spinner, type ButtonProps } from '@fluentui/react-components';

export interface SubmitButtonProps {
  /** True while the form is being sent: the button shows a spinner and stays focusable (never disabled while focused). */
  busy: boolean;
  /** Another reason the button does nothing for now (paid already, a code being sent). */
  disabled?: boolean;
  /** The icon shown while not busy. */
  icon?: ReactElement;
  size?: ButtonProps['size'];
  children: ReactNode;
}

/** A form's primary submit button. */
export function SubmitButton({ busy, disabled = false, icon, size, children }: SubmitButtonProps) {
  return (
    <Button type="submit" appearance="primary" {...(size ? { size } : {})} disabledFocusable={busy || disabled} icon={busy ? <Spinner size="tiny" /> : icon}>
      {children}
    </Button>
  );
}
