import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { initialsOf } from '../../features/auth/components/account-format';

interface AccountMenuProps {
  userName: string;
  onLogout: () => void;
}

const itemBase = 'block w-full px-4 py-2 text-left text-sm data-[focus]:bg-slate-100';
const itemClasses = `${itemBase} text-slate-700 data-[focus]:text-slate-900`;

/**
 * The header's account menu: My Account, Change Password, Settings and Log out, one tap away on every screen and at
 * every size (the side menu's own entries can sit below the fold of a long menu). Headless UI's Menu gives the ARIA
 * menu pattern: arrows move, Enter chooses, Escape closes and focus goes back to the button.
 */
export function AccountMenu({ userName, onLogout }: AccountMenuProps) {
  return (
    <Menu as="div" className="relative">
      {/* Named by its visible text (the user's name, read aloud on a phone too, where only the initials show) and
          what it opens: an aria-label of other words fails WCAG 2.5.3 (label in name). */}
      <MenuButton className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600">
        <span
          aria-hidden="true"
          className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-700"
        >
          {initialsOf(userName)}
        </span>
        <span className="sr-only sm:not-sr-only sm:max-w-48 sm:truncate">{userName}</span>
        <span className="sr-only">, account menu</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4 text-slate-500">
          <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.06l3.71-3.83a.75.75 0 1 1 1.08 1.04l-4.25 4.39a.75.75 0 0 1-1.08 0L5.21 8.27a.75.75 0 0 1 .02-1.06Z" />
        </svg>
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-50 mt-2 w-56 rounded-xl border border-slate-200 bg-white py-1 shadow-lg focus:outline-none"
      >
        <MenuItem>
          <Link to={paths.myAccount} className={itemClasses}>
            My Account
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to={paths.changePassword} className={itemClasses}>
            Change Password
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to={paths.settings} className={itemClasses}>
            Settings
          </Link>
        </MenuItem>
        <MenuSeparator className="my-1 h-px bg-slate-200" />
        <MenuItem>
          <button type="button" onClick={onLogout} className={`${itemBase} text-rose-600 data-[focus]:text-rose-700`}>
            Log out
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
