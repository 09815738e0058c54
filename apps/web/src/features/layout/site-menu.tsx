import { useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useAuth } from '../auth/auth-context';

interface MenuItem {
  to: string;
  label: string;
}

const signedOutItems: MenuItem[] = [{ to: '/login', label: 'Post New Ad' }];
const signedInItems: MenuItem[] = [
  { to: '/edit-post', label: 'Post New Ad' },
  { to: '/posts', label: 'My Posts' },
  { to: '/logout', label: 'Logout' },
];

/** The collapsible menu of the top bar: a toggle on small screens, always open on wide ones. */
export function SiteMenu() {
  const { loggedIn } = useAuth();
  const navId = useId();
  const { pathname } = useLocation();
  // The menu stays open only on the screen it was opened on: moving on closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  const items = loggedIn ? signedInItems : signedOutItems;
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
        <span className="menu-toggle__text">Menu</span>
      </button>
      <nav id={navId} className={open ? 'site-nav site-nav--open' : 'site-nav'} aria-label="Main">
        <ul className="site-nav__list">
          {items.map((item) => (
            <li key={item.label}>
              <NavLink className="site-nav__link" to={item.to} end>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
