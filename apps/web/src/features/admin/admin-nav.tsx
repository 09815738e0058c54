import { consoleMessages } from '@adboard/shared';
import { NavLink } from 'react-router';
import { isAdmin, useRole } from './use-role';

const { nav } = consoleMessages;

/** The console's own menu; the audit log is for administrators only. */
export function AdminNav() {
  const { role } = useRole();
  const items = [
    { to: '/admin', label: nav.queue, end: true },
    { to: '/admin/reports', label: nav.reports, end: false },
    { to: '/admin/refunds', label: nav.refunds, end: false },
    { to: '/admin/users', label: nav.users, end: false },
    ...(isAdmin(role) ? [{ to: '/admin/audit', label: nav.audit, end: false }] : []),
  ];
  return (
    <nav className="console-nav" aria-label={nav.label}>
      <ul className="console-nav__list">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink className="console-nav__link" to={item.to} end={item.end}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
