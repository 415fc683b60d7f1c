import { useState } from 'react';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { DomainGate } from '../features/domain-verification/components/domain-gate';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from './providers';
import { createAppRoutes } from './routes';

function AppRoutes() {
  const [appRoutes] = useState(createAppRoutes);
  return useRoutes(appRoutes);
}

/**
 * The component router (BrowserRouter + useRoutes), not the data router: the app loads no route data through the
 * router, and leaving createBrowserRouter out keeps its code out of the first load (tools/scripts/web-size).
 */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProviders queryClient={queryClient}>
      <DomainGate>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </DomainGate>
    </AppProviders>
  );
}
