import type { ReactNode } from 'react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { AppToaster } from '../components/AppToaster.tsx';

/** Light mode (spec section 9) and the app-wide toaster. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <FluentProvider theme={webLightTheme}>
      {children}
      <AppToaster />
    </FluentProvider>
  );
}
