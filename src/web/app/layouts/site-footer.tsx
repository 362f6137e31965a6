import { Link } from 'react-router';
import { TAGLINE } from '../../../common/constants';
import { SITE_NAV_LINKS } from './site-nav-links';
import { SITE_NAME } from '../../lib/site-name';

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-stone-800 bg-stone-950 text-stone-300">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-start md:justify-between">
        <div>
          <p className="font-display text-lg font-semibold text-white">{SITE_NAME}</p>
          <p className="mt-1 italic text-accent">{TAGLINE}</p>
          <p className="mt-1 text-sm">Nashville, Tennessee</p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
            {SITE_NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="rounded-sm hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-stone-800">
        <p className="mx-auto max-w-6xl px-4 py-4 text-sm sm:px-6">
          © {year} {SITE_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
