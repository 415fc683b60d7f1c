import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { env } from '../../config/env';
import { apiDevHooks } from '../../lib/api-client';
import { createControlApi } from './api/control-api';
import { DevPanel } from './components/dev-panel';
import { createRequestLog } from './request-log';

const PREFER_STORAGE_KEY = 'devPanel.prefer';
const SESSION_STORAGE_KEY = 'devPanel.mockSession';
const CONTROL_TOKEN_STORAGE_KEY = 'devPanel.controlToken';

/**
 * Starts the dev panel in a React root of its own (development builds only: main.tsx imports this module behind
 * `import.meta.env.MOCK_CONTROLS`, so other builds hold none of it). Records the typed client's calls from now on.
 */
export function mountDevPanel(): void {
  const log = createRequestLog();
  apiDevHooks.listeners.add((call) => log.add(call));
  // Per tab: a scenario chosen for one tab must not leak into another.
  const stored = window.sessionStorage.getItem(PREFER_STORAGE_KEY) ?? '';
  // eslint-disable-next-line state/no-module-state -- the dev hooks of the page's one fetcher (lib/api-client.ts), development builds only
  apiDevHooks.defaultPrefer = stored === '' ? null : stored;

  const session = window.sessionStorage.getItem(SESSION_STORAGE_KEY) ?? '';
  // eslint-disable-next-line state/no-module-state -- (above)
  apiDevHooks.mockSession = session === '' ? null : session;

  // Per tab, never in the build: an API started with MOCK_CONTROL_TOKEN (npm run compose:mock prints it).
  const controlToken = window.sessionStorage.getItem(CONTROL_TOKEN_STORAGE_KEY) ?? '';
  // eslint-disable-next-line state/no-module-state -- (above)
  apiDevHooks.controlToken = controlToken === '' ? null : controlToken;

  // Another session is another world of data: the page starts again in it.
  function handleSessionChange(value: string) {
    if (value === '') window.sessionStorage.removeItem(SESSION_STORAGE_KEY);
    else window.sessionStorage.setItem(SESSION_STORAGE_KEY, value);
    window.location.reload();
  }

  function handleControlTokenChange(value: string) {
    // eslint-disable-next-line state/no-module-state -- (above)
    apiDevHooks.controlToken = value === '' ? null : value;
    if (value === '') window.sessionStorage.removeItem(CONTROL_TOKEN_STORAGE_KEY);
    else window.sessionStorage.setItem(CONTROL_TOKEN_STORAGE_KEY, value);
  }

  function handleDefaultPreferChange(value: string) {
    // eslint-disable-next-line state/no-module-state -- (above)
    apiDevHooks.defaultPrefer = value === '' ? null : value;
    if (value === '') window.sessionStorage.removeItem(PREFER_STORAGE_KEY);
    else window.sessionStorage.setItem(PREFER_STORAGE_KEY, value);
  }

  const container = document.createElement('div');
  container.id = 'dev-panel-root';
  document.body.appendChild(container);
  createRoot(container).render(
    <StrictMode>
      <DevPanel
        api={createControlApi(
          env.apiUrl,
          () => apiDevHooks.mockSession,
          () => apiDevHooks.controlToken,
        )}
        log={log}
        defaultPrefer={stored}
        onDefaultPreferChange={handleDefaultPreferChange}
        session={session}
        onSessionChange={handleSessionChange}
        controlToken={controlToken}
        onControlTokenChange={handleControlTokenChange}
      />
    </StrictMode>,
  );
}
