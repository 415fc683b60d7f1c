import { act, render, screen } from '@testing-library/react';
import { lazy, Suspense, type JSX } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RENDERED_PATH_ATTRIBUTE, ScreenRendered } from './screen-rendered';

describe('ScreenRendered', () => {
  it('marks <body> with the path only once the screen beside it has loaded and rendered, and unmarks it after', async () => {
    let loaded: (module: { default: () => JSX.Element }) => void = () => undefined;
    const Screen = lazy(
      () =>
        new Promise<{ default: () => JSX.Element }>((resolve) => {
          loaded = resolve;
        }),
    );
    const view = render(
      <MemoryRouter initialEntries={['/reports']}>
        <Routes>
          <Route
            path="/reports"
            element={
              <Suspense fallback={<p>Loading page</p>}>
                <Screen />
                <ScreenRendered />
              </Suspense>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('Loading page')).toBeInTheDocument();
    expect(document.body.getAttribute(RENDERED_PATH_ATTRIBUTE)).toBeNull();

    await act(async () => {
      loaded({ default: () => <h1>Reports</h1> });
      await Promise.resolve();
    });
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    expect(document.body.getAttribute(RENDERED_PATH_ATTRIBUTE)).toBe('/reports');

    view.unmount();
    expect(document.body.getAttribute(RENDERED_PATH_ATTRIBUTE)).toBeNull();
  });
});
