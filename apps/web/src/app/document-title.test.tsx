import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../config/paths';
import { buildUser } from '@publisher/contract/testing';
import { answerApi, apiFor } from '../testing/api-server';
import { renderApp } from '../testing/render-app';
import { formatDocumentTitle } from './document-title';
import { registeredScreens } from './routes';

const user = buildUser();

describe('document titles', () => {
  beforeEach(() => {
    document.title = 'before';
  });

  it('gives every registered screen a non-empty title of its own', () => {
    for (const route of registeredScreens) expect(route.title.trim(), route.path).not.toBe('');
  });

  it('names the dashboard screens after the menu entry', () => {
    const dashboards = registeredScreens.filter((route) =>
      [paths.dashboard, paths.homeAlias, paths.conversionReportsDashboard].includes(route.path as never),
    );
    expect(dashboards.map((route) => route.title)).toEqual(['Dashboard', 'Dashboard', 'Dashboard']);
  });

  it('writes "<title> · Publisher Portal"', () => {
    expect(formatDocumentTitle('Dashboard')).toBe('Dashboard · Publisher Portal');
  });

  it('sets the sign-in title for a signed-out visitor', async () => {
    answerApi();
    renderApp(paths.signin);
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(document.title).toBe('Sign In · Publisher Portal'));
  });

  it('sets the sign-in title, not the private page title, when a signed-out visitor is sent to /signin', async () => {
    answerApi();
    const app = renderApp(paths.myAccount);
    await waitFor(() => expect(app.currentPath()).toBe(paths.signin));
    await waitFor(() => expect(document.title).toBe('Sign In · Publisher Portal'));
  });

  it('sets the title of signed-in screens, the dashboard at / included', async () => {
    answerApi(apiFor(user, () => undefined));
    for (const [path, title] of [
      [paths.dashboard, 'Dashboard'],
      [paths.home, 'Dashboard'],
      [paths.myAccount, 'My Account'],
      [paths.changePassword, 'Change Password'],
    ] as const) {
      document.title = 'before';
      const app = renderApp(path, { user });
      await screen.findAllByRole('heading', { level: 1 });
      await waitFor(() => expect(document.title, path).toBe(`${title} · Publisher Portal`));
      app.unmount();
    }
  });

  it('follows the route when the user navigates', async () => {
    answerApi(apiFor(user, () => undefined));
    const app = renderApp(paths.myAccount, { user });
    await waitFor(() => expect(document.title).toBe('My Account · Publisher Portal'));
    await app.router.navigate(paths.termsCondition);
    await waitFor(() => expect(document.title).toBe('Publisher Program Terms · Publisher Portal'));
  });

  it('titles the not-found page', async () => {
    answerApi(apiFor(user, () => undefined));
    renderApp('/no-such-page', { user });
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(document.title).toBe('Page not found · Publisher Portal');
  });
});
