import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { useSite } from '../site/site-context';
import { Spinner } from '../ui/spinner';
import { frameText } from '../../i18n/areas';
import { useText } from '../../i18n/language-context';
import { LanguageMenu } from './language-menu';
import { SiteMenu } from './site-menu';

/**
 * Top bar with the brand (its logo and three-part heading) and the menu, the screen,
 * and a footer with the contact address.
 */
export function PageFrame() {
  const site = useSite();
  const text = useText(frameText);
  const [first, second, third] = site.heading;
  return (
    <div className="frame">
      <a className="skip-link" href="#main">
        {text.frame.skipToContent}
      </a>
      <header className="topbar">
        <div className="topbar__inner">
          <Link to="/" className="brand">
            {/* Decorative: the link is named by the heading beside it. */}
            <img className="brand__logo" src="/brand/logo.svg" alt="" width={32} height={32} />
            <span className="brand__part brand__part--1">{first}</span>
            <span className="brand__part brand__part--2">{second}</span>
            <span className="brand__part brand__part--3">{third}</span>
          </Link>
          <SiteMenu />
          <LanguageMenu />
        </div>
      </header>
      <main id="main" className="main" tabIndex={-1}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="footer">
        <div className="footer__inner">
          <span>{site.name}</span>
          <span>
            {text.frame.contact} <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>
          </span>
        </div>
      </footer>
    </div>
  );
}
