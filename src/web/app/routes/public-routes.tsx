import type { RouteObject } from 'react-router';
import { PAGE_PATHS } from '../../../common/routes';
import { page } from '../lazy-page';
import { RouteGuard, requireSignedIn } from '../route-guards';

/** The site's open pages, signing in and up, preview access, and the signed-in visitor's own account. */
export const publicRoutes: RouteObject[] = [
  {
    path: PAGE_PATHS.home,
    ...page(
      () => import('../../features/public/home-page'),
      (m) => m.HomePage,
    ),
  },
  {
    path: PAGE_PATHS.about,
    ...page(
      () => import('../../features/public/about-page'),
      (m) => m.AboutPage,
    ),
  },
  {
    path: PAGE_PATHS.services,
    ...page(
      () => import('../../features/public/services-page'),
      (m) => m.ServicesPage,
    ),
  },
  {
    path: PAGE_PATHS.faqs,
    ...page(
      () => import('../../features/public/faqs-page'),
      (m) => m.FaqsPage,
    ),
  },
  {
    path: PAGE_PATHS.contact,
    ...page(
      () => import('../../features/public/contact-page'),
      (m) => m.ContactPage,
    ),
  },
  {
    path: PAGE_PATHS.thanks,
    ...page(
      () => import('../../features/public/thanks-page'),
      (m) => m.ThanksPage,
    ),
  },
  {
    path: PAGE_PATHS.signup,
    ...page(
      () => import('../../features/public/signup-choice-page'),
      (m) => m.SignupChoicePage,
    ),
  },
  {
    path: PAGE_PATHS.auth,
    ...page(
      () => import('../../features/accounts/sign-in-page'),
      (m) => m.SignInPage,
    ),
  },
  {
    path: PAGE_PATHS.forgotPassword,
    ...page(
      () => import('../../features/accounts/forgot-password-page'),
      (m) => m.ForgotPasswordPage,
    ),
  },
  {
    path: PAGE_PATHS.resetPassword,
    ...page(
      () => import('../../features/accounts/reset-password-page'),
      (m) => m.ResetPasswordPage,
    ),
  },
  {
    path: PAGE_PATHS.previewRequest,
    ...page(
      () => import('../../features/preview-access/preview-request-page'),
      (m) => m.PreviewRequestPage,
    ),
  },
  {
    path: PAGE_PATHS.previewSignup,
    ...page(
      () => import('../../features/preview-access/preview-signup-page'),
      (m) => m.PreviewSignupPage,
    ),
  },
  {
    path: PAGE_PATHS.unsubscribe,
    ...page(
      () => import('../../features/new-songs-mail/unsubscribe-page'),
      (m) => m.UnsubscribePage,
    ),
  },
  {
    element: <RouteGuard decide={requireSignedIn} />,
    children: [
      {
        path: PAGE_PATHS.previewStatus,
        ...page(
          () => import('../../features/preview-access/preview-status-page'),
          (m) => m.PreviewStatusPage,
        ),
      },
      {
        path: PAGE_PATHS.account,
        ...page(
          () => import('../../features/own-data/my-data-page'),
          (m) => m.MyDataPage,
        ),
      },
    ],
  },
];
