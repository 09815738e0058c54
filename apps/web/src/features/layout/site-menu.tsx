import { menuMessages } from '@adboard/shared';
import { useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { isModerator, useRole } from '../admin/use-role';
import { useAuth } from '../auth/auth-context';

interface MenuItem {
  to: string;
  label: string;
  /** Also marked current on the screens below it (the console's own screens). */
  section?: boolean;
}

const signedOutItems: MenuItem[] = [{ to: '/login', label: menuMessages.postNewAd }];
const signedInItems: MenuItem[] = [
  { to: '/edit-post', label: menuMessages.postNewAd },
  { to: '/posts', label: menuMessages.myPosts },
  { to: '/account', label: menuMessages.account },
  { to: '/logout', label: menuMessages.logout },
];
const consoleItem: MenuItem = { to: '/admin', label: menuMessages.console, section: true };

/** The signed-in menu; moderators and administrators also get the console, before Logout. */
function signedInMenu(moderator: boolean): MenuItem[] {
  if (!moderator) return signedInItems;
  return [...signedInItems.slice(0, -1), consoleItem, ...signedInItems.slice(-1)];
}

/** The collapsible menu of the top bar: a toggle on small screens, always open on wide ones. */
export function SiteMenu() {
  const { loggedIn } = useAuth();
  const { role } = useRole();
  const navId = useId();
  const { pathname } = useLocation();
  // The menu stays open only on the screen it was opened on: moving on closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  const items = loggedIn ? signedInMenu(isModerator(role)) : signedOutItems;
  return (
    <>
      <button
        type="button"
        className="menu-toggle"
        aria-expanded={open}
        aria-controls={navId}
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        <span className="menu-toggle__icon" aria-hidden="true" />
        <span className="menu-toggle__text">{menuMessages.frame.menu}</span>
      </button>
      <nav
        id={navId}
        className={open ? 'site-nav site-nav--open' : 'site-nav'}
        aria-label={menuMessages.frame.mainNavigation}
      >
        <ul className="site-nav__list">
          {items.map((item) => (
            <li key={item.label}>
              <NavLink className="site-nav__link" to={item.to} end={!item.section}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
