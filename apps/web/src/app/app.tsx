import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { DomainGate } from '../features/domain-verification/components/domain-gate';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from './providers';
import { createAppRoutes } from './routes';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(createAppRoutes()));
  return (
    <AppProviders queryClient={queryClient}>
      <DomainGate>
        <RouterProvider router={router} />
      </DomainGate>
    </AppProviders>
  );
}
