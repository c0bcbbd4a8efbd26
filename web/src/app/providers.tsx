import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ColorModeProvider } from './color-mode.tsx';
import { createQueryClient } from './query-client.ts';
import { AlertDialogHost } from './shell/alert-dialog-host.tsx';
import { GlobalTickerProvider } from '../lib/global-ticker.tsx';

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ColorModeProvider>
        <GlobalTickerProvider>{children}</GlobalTickerProvider>
        <AlertDialogHost />
      </ColorModeProvider>
    </QueryClientProvider>
  );
}
