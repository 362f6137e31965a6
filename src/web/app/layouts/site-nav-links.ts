import { PAGE_PATHS } from '../../../common/routes';

/** The top bar's page links, in order. */
export const SITE_NAV_LINKS = [
  { to: PAGE_PATHS.home, label: 'Home' },
  { to: PAGE_PATHS.about, label: 'About' },
  { to: PAGE_PATHS.services, label: 'Services' },
  { to: PAGE_PATHS.faqs, label: 'FAQs' },
  { to: PAGE_PATHS.contact, label: 'Contact' },
] as const;
