import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { queryClient } from './query-client';
import './styles.css';
import { installFocusRescue } from './ui/focus';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
installFocusRescue();
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
