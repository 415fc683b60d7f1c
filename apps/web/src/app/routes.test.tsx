import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths';
import { buildUser } from '@publisher/contract/testing';
import { apiFor, answerApi } from '../testing/api-server';
import { renderApp } from '../testing/render-app';
import { registeredPaths } from './routes';

const user = buildUser();

describe('routes and guards', () => {
  it('registers only the screens that exist', () => {
    expect([...registeredPaths].sort()).toEqual(
      [
        paths.signin,
        paths.signup,
        paths.myProfileInfo,
        paths.myProfile,
        paths.myAccount,
        paths.changePassword,
        paths.termsCondition,
        paths.policy,
        paths.contact,
        paths.dashboard,
        paths.homeAlias,
        paths.conversionReportsDashboard,
        paths.conversionReports1,
        paths.conversionReports2,
        paths.conversionReports3,
        paths.conversionReports4,
        paths.conversionReports5,
        paths.qualityReports,
        paths.fullDashboard,
        paths.reportsDashboard,
        paths.downloadConversionReports,
        paths.saveDailyReports,
        paths.saveDailyReports2,
        paths.saveDailyReports3,
        paths.saveDailyReports4,
        paths.saveDailyReports5,
        paths.orderHistory,
        paths.merchants,
        paths.categories,
        paths.products,
        paths.allCoupons,
        paths.allCashback,
        paths.deepLinksAPI,
        paths.deepLinksAPI2,
        paths.deepLinksAPI3,
        paths.deepLinksAPI3New,
        paths.deepLinksAPI4,
        paths.deepLinksAPI4New,
        paths.deepLinksAPI5,
        paths.deepLinksSamsAndKohls,
        paths.links,
        paths.handleClick,
        paths.clickDashboard,
        paths.yahooDashboard,
        paths.mediaDashboard,
        paths.extensionDashboard,
        paths.saveExtensionReports,
        paths.uploadReports,
        paths.vendorsList,
        paths.reportsList,
        paths.apiAccessReports,
        paths.allLogs,
        paths.addCustomDomain,
        paths.uniqueTitleFilters,
        paths.shortURLDomains,
        paths.settings,
      ].sort(),
    );
  });

  it('sends signed-out users from a private page to /signin', async () => {
    const api = answerApi(() => ({ status: 200, body: {} }));
    const app = renderApp(paths.myAccount);
    await waitFor(() => expect(app.currentPath()).toBe(paths.signin));
    expect(api.requests).toEqual([]);
  });

  it('sends signed-in users from /signin and /signup_publisher_0599 to their landing page', async () => {
    answerApi(apiFor(user, () => undefined));
    for (const path of [paths.signin, paths.signup]) {
      const app = renderApp(path, { user });
      await waitFor(() => expect(app.currentPath()).toBe(paths.dashboard));
      app.unmount();
    }
  });

  it('shows the dashboard at / to users who land on it, and forwards the others to their landing page', async () => {
    answerApi(apiFor(user, () => undefined));
    const app = renderApp(paths.home, { user });
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(app.currentPath()).toBe(paths.home);
    app.unmount();

    const reportsOnly = buildUser({
      menu: { deeplink1: { cpc: false, cpa: false }, deeplink2: { cpc: true, cpa: true } },
    });
    answerApi(apiFor(reportsOnly, () => undefined));
    const other = renderApp(paths.home, { user: reportsOnly });
    await waitFor(() => expect(other.currentPath()).toBe(paths.conversionReports2));
  });

  it('shows the Dashboard at /conversionReports (part 2 §2), and conversion report 1 at its menu entry /conversionReports1', async () => {
    // Only the session's user is answered: a report call answered with the user's body would crash a table as soon
    // as it lands (it did on a loaded CI machine), while a 404 is shown as a message beside the heading.
    answerApi(apiFor(user, () => undefined));
    const app = renderApp(paths.conversionReportsDashboard, { user });
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(app.currentPath()).toBe(paths.conversionReportsDashboard);

    const sideMenu = await screen.findByRole('navigation', { name: 'Side menu' });
    await userEvent.click(await within(sideMenu).findByRole('link', { name: 'Conversion Reports' }));
    await waitFor(() => expect(app.currentPath()).toBe(paths.conversionReports1));
    expect(await screen.findByRole('heading', { name: 'Conversion Reports', level: 1 })).toBeInTheDocument();
  });

  it('sends vendor 5058 from every Dashboard path to the Sams & Kohls generator, and lets it open conversion report 1', async () => {
    const samsAndKohls = buildUser({ vendorId: 5058 });
    answerApi(apiFor(samsAndKohls, () => undefined));
    for (const path of [paths.dashboard, paths.home, paths.homeAlias, paths.conversionReportsDashboard]) {
      const app = renderApp(path, { user: samsAndKohls });
      await waitFor(() => expect(app.currentPath()).toBe(paths.deepLinksSamsAndKohls));
      expect(screen.queryByRole('heading', { name: 'Dashboard', level: 1 })).not.toBeInTheDocument();
      app.unmount();
    }
    const reports = renderApp(paths.conversionReports1, { user: samsAndKohls });
    expect(await screen.findByRole('heading', { name: 'Conversion Reports', level: 1 })).toBeInTheDocument();
    expect(reports.currentPath()).toBe(paths.conversionReports1);
  });

  it('sends a vendor from the partner-wide feed and extension dashboards to its landing page', async () => {
    answerApi(apiFor(user, () => undefined));
    for (const path of [paths.yahooDashboard, paths.mediaDashboard, paths.extensionDashboard]) {
      const app = renderApp(path, { user });
      await waitFor(() => expect(app.currentPath()).toBe(paths.dashboard));
      app.unmount();
    }
  });

  it('sends signed-out users from / to /signin', async () => {
    answerApi(() => ({ status: 200, body: {} }));
    const app = renderApp(paths.home);
    await waitFor(() => expect(app.currentPath()).toBe(paths.signin));
  });

  it('sends signed-out users from every non-public path to /signin: unknown, not built yet, wrong case', async () => {
    const api = answerApi(() => ({ status: 200, body: {} }));
    for (const path of [
      '/no-such-page',
      paths.deepLinksAPI,
      paths.uploadReports,
      '/myaccount',
      paths.conversionReports1,
    ]) {
      const app = renderApp(path);
      await waitFor(() => expect(app.currentPath(), path).toBe(paths.signin));
      expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
      app.unmount();
    }
    expect(api.requests).toEqual([]);
  });

  it('keeps the public pages reachable when signed out', async () => {
    answerApi(() => ({ status: 200, body: {} }));
    for (const path of [
      paths.signin,
      paths.signup,
      paths.termsCondition,
      paths.policy,
      paths.contact,
      paths.downloadConversionReports,
    ]) {
      const app = renderApp(path);
      await screen.findAllByRole('heading', { level: 1 });
      expect(app.currentPath(), path).toBe(path);
      app.unmount();
    }
  });

  it('matches paths exactly, case included, and shows Not Found with a link home for unknown ones', async () => {
    answerApi(apiFor(user, () => undefined));
    renderApp('/myaccount', { user });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', paths.home);
  });

  it('the logo leads to /', async () => {
    answerApi(apiFor(user, () => undefined));
    const app = renderApp(paths.myAccount, { user });
    await userEvent.click(await screen.findByRole('link', { name: 'Publisher Portal home' }));
    // This user lands on the dashboard, which `/` shows.
    await waitFor(() => expect(app.currentPath()).toBe(paths.home));
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
  });

  it('refreshes the stored user from GET /auth/:id so the menu follows server changes', async () => {
    const api = answerApi(() => ({ status: 200, body: { data: { ...user, fullName: 'Renamed Vendor' } } }));
    renderApp(paths.myAccount, { user });
    expect(
      await screen.findByRole('button', { name: 'Renamed Vendor, account menu' }),
    ).toBeInTheDocument();
    expect(api.requests[0]?.url.pathname).toBe(`/auth/${user._id}`);
    expect(api.requests[0]?.headers.get('authorization')).toBe('test-token');
  });

  it('has the footer links and contact details', async () => {
    answerApi(() => ({ status: 200, body: {} }));
    renderApp(paths.signin);
    const footer = await screen.findByRole('contentinfo');
    expect(footer).toHaveTextContent('support@publisher.test');
    expect(footer).toHaveTextContent('+1 (555) 010-2026');
    expect(footer).toHaveTextContent(/© \d{4} Publisher Portal/);
    expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', paths.termsCondition);
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', paths.contact);
  });
});
