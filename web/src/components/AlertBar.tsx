import type { ReactNode } from 'react';
import { MessageBar, MessageBarBody } from '@fluentui/react-components';

/** A form's error, announced when it shows (`role="alert"`); nothing when there is none. */
export function AlertBar({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>{children}</MessageBarBody>
    </MessageBar>
  );
}
