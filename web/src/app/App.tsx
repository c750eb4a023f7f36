import { RouterProvider } from 'react-router/dom';
import type { createAppRouter } from './router.tsx';
import { AppProvider } from './provider.tsx';

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
