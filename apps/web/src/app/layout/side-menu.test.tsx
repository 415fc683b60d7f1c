import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths';
import { buildUser } from '@publisher/contract/testing';
import { answerApi, apiFor } from '../../testing/api-server';
import { renderApp } from '../../testing/render-app';
import { shouldShowSideMenu } from './side-menu-visibility';

const user = buildUser();
const on = { cpc: true, cpa: true };
/** An entry's label: its first text, before the subtitle. */
const labelOf = (link: HTMLElement) => link.firstChild?.textContent;
const sideMenu = () => screen.queryByRole('navigation', { name: 'Side menu' });

describe('shouldShowSideMenu', () => {
  it('hides the menu on sign-in, sign-up, terms, policy and the download page, and for signed-out users', () => {
    for (const path of [
      paths.signin,
      paths.signup,
      paths.termsCondition,
      paths.policy,
      paths.downloadConversionReports,
    ]) {
      expect(shouldShowSideMenu(path, true)).toBe(false);
    }
    expect(shouldShowSideMenu(`${paths.policy}/`, true)).toBe(false);
    expect(shouldShowSideMenu(paths.myAccount, true)).toBe(true);
    expect(shouldShowSideMenu(paths.contact, true)).toBe(true);
    expect(shouldShowSideMenu(paths.myAccount, false)).toBe(false);
  });
});

describe('side menu in the shell', () => {
  it("brings the current screen's entry into view, which a long menu can hold below the fold", async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    answerApi(apiFor(user, () => undefined));
    renderApp(paths.changePassword, { user });
    const menu = await screen.findByRole('navigation', { name: 'Side menu' });
    const entry = within(menu).getByRole('link', { name: 'Change Password' });
    await waitFor(() => expect(scrolled.mock.contexts).toContain(entry));
    expect(scrolled).toHaveBeenCalledWith({ block: 'nearest' });
  });

  it("opens the drawer with the current screen's entry brought into view and the focus left on Close menu", async () => {
    const admin = buildUser({ vendorId: 5029, role: 'admin' });
    answerApi(apiFor(admin, () => undefined));
    renderApp(paths.allLogs, { user: admin });
    const menuButton = await screen.findByRole('button', { name: 'Open menu' });
    // The entry beside the page has had its turn; from here on only the drawer's own entry counts.
    await screen.findByRole('link', { name: 'All Logs', current: 'page' });
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');

    await userEvent.click(menuButton);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    const entry = within(drawer).getByRole('link', { name: 'All Logs', current: 'page' });
    await waitFor(() => expect(scrolled.mock.contexts).toContain(entry));
    expect(scrolled).toHaveBeenCalledWith({ block: 'nearest' });
    expect(within(drawer).getByRole('button', { name: 'Close menu' })).toHaveFocus();
  });

  it('shows the registered items of the user menu and a Log out item', async () => {
    answerApi(apiFor(user, () => undefined));
    renderApp(paths.myAccount, { user });
    const menu = await screen.findByRole('navigation', { name: 'Side menu' });
    // A short menu shows every section open, as plain headings.
    expect(within(menu).queryAllByRole('button', { expanded: false })).toEqual([]);
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => labelOf(link)),
    ).toEqual([
      'Dashboard',
      'Conversion Reports',
      'Quality Reports',
      'Deep Links API',
      'Merchants',
      'Products',
      'My Account',
      'Change Password',
    ]);
    expect(within(menu).getByRole('link', { name: 'My Account' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    // A numbered or network entry says which program it is, as its description: its name stays the spec's label.
    expect(within(menu).getByRole('link', { name: 'Conversion Reports' })).toHaveAccessibleDescription(
      'Connexity Shopping earnings',
    );
    expect(within(menu).getByRole('link', { name: 'Conversion Reports' })).toHaveTextContent(
      'Connexity Shopping earnings',
    );
  });

  it("opens only the current screen's section of a long menu; a tap opens another, and moving there keeps it", async () => {
    const admin = buildUser({
      vendorId: 5029,
      role: 'admin',
      menu: { deeplink2: on, deeplink3: on, deeplink4: on },
    });
    answerApi(apiFor(admin, () => undefined));
    renderApp(paths.myAccount, { user: admin });
    const menu = await screen.findByRole('navigation', { name: 'Side menu' });
    const sectionButton = (name: RegExp) => within(menu).getByRole('button', { name });
    expect(sectionButton(/^Account/)).toHaveAttribute('aria-expanded', 'true');
    for (const name of [/^Performance/, /^Links/, /^Offers/, /^Admin/, /^Feeds/]) {
      expect(sectionButton(name)).toHaveAttribute('aria-expanded', 'false');
    }
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => labelOf(link)),
    ).toEqual(['My Account', 'Change Password']);

    await userEvent.click(sectionButton(/^Links/));
    expect(sectionButton(/^Links/)).toHaveAttribute('aria-expanded', 'true');
    const api3 = within(menu).getByRole('link', { name: 'Deep Links API 3' });
    expect(api3).toHaveAccessibleDescription('Brand Partners merchants');
    await userEvent.click(api3);
    expect(await screen.findByRole('link', { name: 'Deep Links API 3', current: 'page' })).toBeInTheDocument();
    expect(sectionButton(/^Links/)).toHaveAttribute('aria-expanded', 'true');

    await userEvent.click(sectionButton(/^Links/));
    expect(within(menu).queryByRole('link', { name: 'Deep Links API 3' })).not.toBeInTheDocument();
  });

  it('is hidden on the terms and privacy pages even when signed in', async () => {
    answerApi(apiFor(user, () => undefined));
    renderApp(paths.termsCondition, { user });
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
    expect(sideMenu()).not.toBeInTheDocument();
  });

  it('is hidden for signed-out visitors', async () => {
    answerApi();
    renderApp(paths.contact);
    expect(await screen.findByRole('heading', { name: 'Contact us' })).toBeInTheDocument();
    expect(sideMenu()).not.toBeInTheDocument();
  });

  it('Log out clears all local storage and the user and goes to /signin', async () => {
    answerApi(apiFor(user, () => undefined));
    const app = renderApp(paths.changePassword, { user });
    window.localStorage.setItem('unrelated', '1');
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(app.currentPath()).toBe(paths.signin));
    expect(window.localStorage.length).toBe(0);
    expect(sideMenu()).not.toBeInTheDocument();
  });

  it('opens as a drawer that keeps focus inside and closes on Escape or a tap outside, focus back on its button', async () => {
    answerApi(apiFor(user, () => undefined));
    renderApp(paths.myAccount, { user });
    const menuButton = await screen.findByRole('button', { name: 'Open menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(menuButton);
    // The drawer's code loads with the shell, after its first paint.
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const closeButton = within(drawer).getByRole('button', { name: 'Close menu' });
    expect(closeButton).toHaveFocus();
    expect(screen.getByTestId('side-menu-backdrop')).toBeInTheDocument();
    // The page behind (the header, the menu beside the page, the screen) is inert and does not scroll.
    expect(screen.getAllByRole('navigation')).toEqual([within(drawer).getByRole('navigation', { name: 'Side menu' })]);
    expect(document.documentElement.style.overflow).toBe('hidden');

    // Tab from the last stop (Log out) and Shift+Tab from the first wrap around inside the drawer. (Where they land
    // differs from a browser: jsdom's selector engine lists the drawer's links before its buttons.)
    const focused = () => (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    const logOut = within(drawer).getByRole('button', { name: 'Log out' });
    logOut.focus();
    await userEvent.tab();
    expect(focused()).not.toBe(logOut);
    expect(drawer).toContainElement(focused());
    closeButton.focus();
    await userEvent.tab({ shift: true });
    expect(focused()).not.toBe(closeButton);
    expect(drawer).toContainElement(focused());

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('side-menu-backdrop')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();

    await userEvent.click(menuButton);
    await userEvent.click(screen.getByTestId('side-menu-backdrop'));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();

    // Choosing an item closes it too.
    await userEvent.click(menuButton);
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'Dashboard' }),
    );
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });
});
