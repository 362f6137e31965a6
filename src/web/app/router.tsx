import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PAGE_PATHS } from '../../common/routes';
import { MESSAGES } from '../../common/messages';
import { PageSpinner } from '../components/ui/spinner';
import { SiteLayout } from './layouts/site-layout';
import { NotFoundPage } from './not-found-page';
import { RouteErrorPage } from './route-error-page';
import { RouteGuard, requireAdmin, requireSignedIn } from './route-guards';

/**
 * Every page is its own chunk, loaded when first visited; the admin area (layout and pages) is never
 * downloaded on public pages. Paths come from PAGE_PATHS, which the server also uses to answer 404.
 */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject['lazy'] {
  return async () => ({ Component: pick(await load()) });
}

const publicRoutes: RouteObject[] = [
  { path: PAGE_PATHS.home, lazy: page(() => import('../features/public/home-page'), (m) => m.HomePage) },
  { path: PAGE_PATHS.about, lazy: page(() => import('../features/public/about-page'), (m) => m.AboutPage) },
  { path: PAGE_PATHS.services, lazy: page(() => import('../features/public/services-page'), (m) => m.ServicesPage) },
  { path: PAGE_PATHS.faqs, lazy: page(() => import('../features/public/faqs-page'), (m) => m.FaqsPage) },
  { path: PAGE_PATHS.contact, lazy: page(() => import('../features/public/contact-page'), (m) => m.ContactPage) },
  { path: PAGE_PATHS.thanks, lazy: page(() => import('../features/public/thanks-page'), (m) => m.ThanksPage) },
  { path: PAGE_PATHS.signup, lazy: page(() => import('../features/public/signup-choice-page'), (m) => m.SignupChoicePage) },
  { path: PAGE_PATHS.auth, lazy: page(() => import('../features/auth/sign-in-page'), (m) => m.SignInPage) },
  {
    path: PAGE_PATHS.forgotPassword,
    lazy: page(() => import('../features/auth/forgot-password-page'), (m) => m.ForgotPasswordPage),
  },
  {
    path: PAGE_PATHS.resetPassword,
    lazy: page(() => import('../features/auth/reset-password-page'), (m) => m.ResetPasswordPage),
  },
  {
    element: <RouteGuard decide={requireSignedIn} />,
    children: [
      {
        path: PAGE_PATHS.previewStatus,
        lazy: page(() => import('../features/preview-status/preview-status-page'), (m) => m.PreviewStatusPage),
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

const adminRoutes: RouteObject = {
  element: <RouteGuard decide={requireAdmin} />,
  children: [
    {
      lazy: page(() => import('./layouts/admin-layout'), (m) => m.AdminLayout),
      children: [
        { path: PAGE_PATHS.admin, lazy: page(() => import('../features/admin/home/admin-home-page'), (m) => m.AdminHomePage) },
        {
          path: PAGE_PATHS.adminDashboard,
          lazy: page(() => import('../features/admin/home/admin-home-page'), (m) => m.AdminHomePage),
        },
        {
          path: PAGE_PATHS.adminOutbox,
          lazy: page(() => import('../features/admin/outbox/outbox-page'), (m) => m.OutboxPage),
        },
      ],
    },
  ],
};

export const router = createBrowserRouter([
  {
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageSpinner label={MESSAGES.generic.loading} />,
    children: [{ element: <SiteLayout />, children: publicRoutes }, adminRoutes],
  },
]);
