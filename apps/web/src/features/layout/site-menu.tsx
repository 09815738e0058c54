import { useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { isModerator, useRole } from '../admin/use-role';
import { frameText } from '../../i18n/areas';
import { useText } from '../../i18n/language-context';
import type { TextOf } from '../../i18n/text-store';
import { useAuth } from '../auth/auth-context';

interface MenuItem {
  to: string;
  label: string;
  /** Also marked current on the screens below it (the console's own screens). */
  section?: boolean;
}

/**
 * The menu's entries: signed out, Post New Ad; signed in, the advertiser's screens, the
 * console for moderators and administrators, then Logout.
 */
function menuItems(
  text: TextOf<typeof frameText>,
  loggedIn: boolean,
  moderator: boolean,
): MenuItem[] {
  if (!loggedIn) return [{ to: '/login', label: text.postNewAd }];
  return [
    { to: '/edit-post', label: text.postNewAd },
    { to: '/posts', label: text.myPosts },
    { to: '/account', label: text.account },
    ...(moderator ? [{ to: '/admin', label: text.console, section: true }] : []),
    { to: '/logout', label: text.logout },
  ];
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

  const text = useText(frameText);
  const items = menuItems(text, loggedIn, isModerator(role));
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
        <span className="menu-toggle__text">{text.frame.menu}</span>
      </button>
      <nav
        id={navId}
        className={open ? 'site-nav site-nav--open' : 'site-nav'}
        aria-label={text.frame.mainNavigation}
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
