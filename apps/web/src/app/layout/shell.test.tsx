import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { PREFERENCE_KEYS } from '../../lib/session-storage';
import { buildUser } from '@publisher/contract/testing';
import { answerApi, apiFor } from '../../testing/api-server';
import { renderApp } from '../../testing/render-app';

const user = buildUser({ fullName: 'Maya Vendor' });

describe('the header account menu', () => {
  it('offers My Account, Change Password, Settings and Log out as a menu, and goes where an item says', async () => {
    answerApi(apiFor(user, () => undefined));
    const app = renderApp(paths.myAccount, { user });
    const button = await screen.findByRole('button', { name: 'Maya Vendor, account menu' });
    expect(button).toHaveTextContent('MV');

    await userEvent.click(button);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['My Account', 'Change Password', 'Settings', 'Log out']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Change Password' }));
    await waitFor(() => expect(app.currentPath()).toBe(paths.changePassword));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('works from the keyboard and Log out signs out to /signin, keeping the display preferences', async () => {
    answerApi(apiFor(user, () => undefined));
    const app = renderApp(paths.myAccount, { user });
    window.localStorage.setItem(PREFERENCE_KEYS.moneyInCents, 'true');
    const button = await screen.findByRole('button', { name: /, account menu$/ });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(button).toHaveFocus();

    await userEvent.click(button);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(app.currentPath()).toBe(paths.signin));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    // The "Amounts in cents" choice outlives the session (sign-out used to clear it with everything else).
    expect(window.localStorage.getItem(PREFERENCE_KEYS.moneyInCents)).toBe('true');
    expect(window.localStorage.length).toBe(1);
  });
});

describe('the side menu', () => {
  it('keeps Log out as its last entry, not pinned over Change Password', async () => {
    answerApi(apiFor(user, () => undefined));
    renderApp(paths.myAccount, { user });
    const menu = await screen.findByRole('navigation', { name: 'Side menu' });
    const logOut = within(menu).getByRole('button', { name: 'Log out' });
    // A sticky Log out covered the end of a long menu, where Change Password is.
    expect(logOut.closest('.sticky')).toBeNull();
    const stops = [...menu.querySelectorAll('a, button')].map((element) => element.textContent);
    expect(stops.at(-1)).toBe('Log out');
  });
});

describe('focus after a navigation', () => {
  it("moves to the new screen's h1 after a menu navigation, but not on the first load", async () => {
    answerApi(apiFor(user, () => undefined));
    renderApp(paths.myAccount, { user });
    const first = await screen.findByRole('heading', { level: 1, name: 'My Account' });
    expect(first).not.toHaveFocus();

    const menu = screen.getByRole('navigation', { name: 'Side menu' });
    await userEvent.click(within(menu).getByRole('link', { name: 'Change Password' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Change Password' });
    await waitFor(() => expect(heading).toHaveFocus());
    // Focusable by script only: not a Tab stop.
    expect(heading).toHaveAttribute('tabindex', '-1');
  });
});
