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

// The mock mode only (MOCK_CONTROLS, on by default in development): vite.config.ts inlines the setting as a literal,
// so a build without it never even emits the dev panel's chunk (checked by features/dev-panel/production-build.test.ts).
if (import.meta.env.MOCK_CONTROLS === 'true') {
  void import('./features/dev-panel/mount-dev-panel').then(({ mountDevPanel }) => mountDevPanel());
}
