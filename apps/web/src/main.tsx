import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Development builds only: Vite replaces import.meta.env.DEV with false in production, so the dev panel's chunk
// is never even emitted (checked by features/dev-panel/production-build.test.ts).
if (import.meta.env.DEV) {
  void import('./features/dev-panel/mount-dev-panel').then(({ mountDevPanel }) => mountDevPanel());
}
