import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient, router } from './router';
import './styles.css';

// Browsers report harmless ResizeObserver loop notifications as errors; the spec says to ignore them.
window.addEventListener('error', (event) => {
  if (event.message?.includes('ResizeObserver loop')) event.stopImmediatePropagation();
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
