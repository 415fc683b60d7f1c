import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AlertProvider } from '../components/ui/alert-provider';
import { ToastProvider } from '../components/ui/toast-provider';
import { AuthProvider } from '../features/auth/components/auth-provider';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** Everything the screens need above the router: data cache, session, toasts and alerts. */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <ToastProvider>
          <AlertProvider>{children}</AlertProvider>
        </ToastProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
