import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './provider.tsx';
import { router } from './router.tsx';
import { setNavigator } from '../lib/navigation.ts';

setNavigator((path, options) => void router.navigate(path, options));

export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
