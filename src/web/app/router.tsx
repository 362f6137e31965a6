import { Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { PAGE_PATHS } from '../../common/routes';
import { PagePendingBar } from './layouts/page-pending-bar';
import { ScrollRestoration } from './layouts/scroll-restoration';
import { SiteLayout } from './layouts/site-layout';
import { page, PageSuspense } from './lazy-page';
import { NotFoundPage } from './not-found-page';
import { RouteErrorBoundary } from './route-error-page';
import {
  RouteGuard,
  requireAdmin,
  requireCatalogueAccess,
  requireSignedIn,
  requireSongwriter,
  requireSongwriterAccount,
} from './route-guards';

/*
 * Every page is its own chunk (lazy-page.tsx), loaded when first visited; the admin area (layout and pages) is
 * never downloaded on public pages. Paths come from PAGE_PATHS, which the server also uses to answer 404.
 * Routes are matched by React Router's declarative core: data (loaders) comes from TanStack Query, so the
 * data router's 17 kB would buy nothing (decision 0018).
 */

const publicRoutes: RouteObject[] = [
  {
    path: PAGE_PATHS.home,
    ...page(
      () => import('../features/public/home-page'),
      (m) => m.HomePage,
    ),
  },
  {
    path: PAGE_PATHS.about,
    ...page(
      () => import('../features/public/about-page'),
      (m) => m.AboutPage,
    ),
  },
  {
    path: PAGE_PATHS.services,
    ...page(
      () => import('../features/public/services-page'),
      (m) => m.ServicesPage,
    ),
  },
  {
    path: PAGE_PATHS.faqs,
    ...page(
      () => import('../features/public/faqs-page'),
      (m) => m.FaqsPage,
    ),
  },
  {
    path: PAGE_PATHS.contact,
    ...page(
      () => import('../features/public/contact-page'),
      (m) => m.ContactPage,
    ),
  },
  {
    path: PAGE_PATHS.thanks,
    ...page(
      () => import('../features/public/thanks-page'),
      (m) => m.ThanksPage,
    ),
  },
  {
    path: PAGE_PATHS.signup,
    ...page(
      () => import('../features/public/signup-choice-page'),
      (m) => m.SignupChoicePage,
    ),
  },
  {
    path: PAGE_PATHS.auth,
    ...page(
      () => import('../features/accounts/sign-in-page'),
      (m) => m.SignInPage,
    ),
  },
  {
    path: PAGE_PATHS.forgotPassword,
    ...page(
      () => import('../features/accounts/forgot-password-page'),
      (m) => m.ForgotPasswordPage,
    ),
  },
  {
    path: PAGE_PATHS.resetPassword,
    ...page(
      () => import('../features/accounts/reset-password-page'),
      (m) => m.ResetPasswordPage,
    ),
  },
  {
    path: PAGE_PATHS.previewRequest,
    ...page(
      () => import('../features/preview-access/preview-request-page'),
      (m) => m.PreviewRequestPage,
    ),
  },
  {
    path: PAGE_PATHS.previewSignup,
    ...page(
      () => import('../features/preview-access/preview-signup-page'),
      (m) => m.PreviewSignupPage,
    ),
  },
  {
    element: <RouteGuard decide={requireSignedIn} />,
    children: [
      {
        path: PAGE_PATHS.previewStatus,
        ...page(
          () => import('../features/preview-access/preview-status-page'),
          (m) => m.PreviewStatusPage,
        ),
      },
      {
        path: PAGE_PATHS.account,
        ...page(
          () => import('../features/own-data/my-data-page'),
          (m) => m.MyDataPage,
        ),
      },
    ],
  },
  {
    element: <RouteGuard decide={requireCatalogueAccess} />,
    children: [
      {
        // One player for the catalogue's pages: a song plays on from page to page, in the bar.
        ...page(
          () => import('../features/songs/catalogue-layout'),
          (m) => m.CatalogueLayout,
        ),
        children: [
          {
            path: PAGE_PATHS.songs,
            ...page(
              () => import('../features/songs/songs-page'),
              (m) => m.SongsPage,
            ),
          },
          {
            path: PAGE_PATHS.song,
            ...page(
              () => import('../features/songs/song-page'),
              (m) => m.SongPage,
            ),
          },
          {
            path: PAGE_PATHS.myHolds,
            ...page(
              () => import('../features/pitching/my-holds-page'),
              (m) => m.MyHoldsPage,
            ),
          },
        ],
      },
    ],
  },
  {
    path: PAGE_PATHS.songwriterSignup,
    ...page(
      () => import('../features/songwriters/songwriter-signup-page'),
      (m) => m.SongwriterSignupPage,
    ),
  },
  {
    element: <RouteGuard decide={requireSongwriterAccount} />,
    children: [
      {
        path: PAGE_PATHS.songwriterReview,
        ...page(
          () => import('../features/reviews/songwriter-review-page'),
          (m) => m.SongwriterReviewPage,
        ),
      },
    ],
  },
  {
    element: <RouteGuard decide={requireSongwriter} />,
    children: [
      {
        path: PAGE_PATHS.songwriterProfile,
        ...page(
          () => import('../features/songwriters/songwriter-profile-page'),
          (m) => m.SongwriterProfilePage,
        ),
      },
      {
        path: PAGE_PATHS.songwriterQuestionnaire,
        ...page(
          () => import('../features/songwriters/songwriter-questionnaire-page'),
          (m) => m.SongwriterQuestionnairePage,
        ),
      },
      {
        path: PAGE_PATHS.songwriterOrder,
        ...page(
          () => import('../features/songwriters/songwriter-order-page'),
          (m) => m.SongwriterOrderPage,
        ),
      },
      {
        path: PAGE_PATHS.songwriterDashboard,
        ...page(
          () => import('../features/songwriters/songwriter-dashboard-page'),
          (m) => m.SongwriterDashboardPage,
        ),
      },
      {
        path: PAGE_PATHS.submitSong,
        ...page(
          () => import('../features/submissions/submit-song-page'),
          (m) => m.SubmitSongPage,
        ),
      },
      {
        path: PAGE_PATHS.submissionConfirmation,
        ...page(
          () => import('../features/submissions/submission-confirmation-page'),
          (m) => m.SubmissionConfirmationPage,
        ),
      },
      {
        path: PAGE_PATHS.testCheckout,
        ...page(
          () => import('../features/orders/test-checkout-page'),
          (m) => m.TestCheckoutPage,
        ),
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

const adminRoutes: RouteObject = {
  element: <RouteGuard decide={requireAdmin} />,
  children: [
    {
      ...page(
        () => import('./layouts/admin-layout'),
        (m) => m.AdminLayout,
      ),
      children: [
        {
          path: PAGE_PATHS.admin,
          ...page(
            () => import('../features/admin/home/admin-home-page'),
            (m) => m.AdminHomePage,
          ),
        },
        {
          path: PAGE_PATHS.adminDashboard,
          ...page(
            () => import('../features/admin/home/admin-home-page'),
            (m) => m.AdminHomePage,
          ),
        },
        {
          path: PAGE_PATHS.adminOutbox,
          ...page(
            () => import('../features/outbox/outbox-page'),
            (m) => m.OutboxPage,
          ),
        },
        {
          path: PAGE_PATHS.adminAudit,
          ...page(
            () => import('../features/audit/audit-page'),
            (m) => m.AuditPage,
          ),
        },
        {
          path: PAGE_PATHS.adminPreviewRequests,
          ...page(
            () => import('../features/preview-access/admin/preview-requests-page'),
            (m) => m.PreviewRequestsPage,
          ),
        },
        {
          path: PAGE_PATHS.adminCreateAccount,
          ...page(
            () => import('../features/preview-access/admin/create-account-page'),
            (m) => m.CreateAccountPage,
          ),
        },
        {
          path: PAGE_PATHS.adminPreviewActivity,
          ...page(
            () => import('../features/preview-access/admin/preview-activity-page'),
            (m) => m.PreviewActivityPage,
          ),
        },
        {
          path: PAGE_PATHS.adminSongs,
          ...page(
            () => import('../features/songs/admin/admin-songs-page'),
            (m) => m.AdminSongsPage,
          ),
        },
        {
          path: PAGE_PATHS.adminSongImport,
          ...page(
            () => import('../features/songs/admin/song-import-page'),
            (m) => m.SongImportPage,
          ),
        },
        {
          path: PAGE_PATHS.adminSongNew,
          ...page(
            () => import('../features/songs/admin/song-form-page'),
            (m) => m.NewSongPage,
          ),
        },
        {
          path: PAGE_PATHS.adminSongEdit,
          ...page(
            () => import('../features/songs/admin/song-form-page'),
            (m) => m.EditSongPage,
          ),
        },
        {
          path: PAGE_PATHS.adminSettings,
          ...page(
            () => import('../features/settings/settings-page'),
            (m) => m.SettingsPage,
          ),
        },
        {
          path: PAGE_PATHS.adminComments,
          ...page(
            () => import('../features/comments/admin-comments-page'),
            (m) => m.AdminCommentsPage,
          ),
        },
        {
          path: PAGE_PATHS.adminSongwriterReviews,
          ...page(
            () => import('../features/reviews/admin/admin-reviews-page'),
            (m) => m.AdminReviewsPage,
          ),
        },
        {
          path: PAGE_PATHS.adminSongwriterReview,
          ...page(
            () => import('../features/reviews/admin/admin-review-page'),
            (m) => m.AdminReviewPage,
          ),
        },
        {
          path: PAGE_PATHS.adminAllUsers,
          ...page(
            () => import('../features/admin/users/all-users-page'),
            (m) => m.AllUsersPage,
          ),
        },
        {
          path: PAGE_PATHS.adminCustomers,
          ...page(
            () => import('../features/admin/customers/customers-page'),
            (m) => m.CustomersPage,
          ),
        },
        {
          path: PAGE_PATHS.adminResetSongwriter,
          ...page(
            () => import('../features/admin/reset-songwriter/reset-songwriter-page'),
            (m) => m.ResetSongwriterPage,
          ),
        },
        {
          path: PAGE_PATHS.adminPitchLinks,
          ...page(
            () => import('../features/pitching/pitch-links-page'),
            (m) => m.PitchLinksPage,
          ),
        },
        {
          path: PAGE_PATHS.adminPitchLinkNew,
          ...page(
            () => import('../features/pitching/new-pitch-link-page'),
            (m) => m.NewPitchLinkPage,
          ),
        },
        {
          path: PAGE_PATHS.adminPitchActivity,
          ...page(
            () => import('../features/pitching/pitch-activity-page'),
            (m) => m.PitchActivityPage,
          ),
        },
        {
          path: PAGE_PATHS.adminPitchPipeline,
          ...page(
            () => import('../features/agreements/pitch-pipeline-page'),
            (m) => m.PitchPipelinePage,
          ),
        },
        {
          path: PAGE_PATHS.adminLedger,
          ...page(
            () => import('../features/placements/ledger-page'),
            (m) => m.LedgerPage,
          ),
        },
      ],
    },
  ],
};

/**
 * What every page sits in: an error boundary, a bar while the next page's code loads (a first visit shows the
 * page spinner too), scroll kept per history entry.
 */
function RootLayout() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <PagePendingBar />
      <PageSuspense>
        <Outlet />
      </PageSuspense>
      <ScrollRestoration />
    </RouteErrorBoundary>
  );
}

/** Every route; the browser renders them (main.tsx) and the build prerenders public pages from them (prerender.tsx). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { element: <SiteLayout />, children: publicRoutes },
      adminRoutes,
      // A pitch link's recipient has no account: a branded page of its own, outside the site's chrome.
      {
        path: PAGE_PATHS.pitch,
        ...page(
          () => import('../features/pitching/pitch-page'),
          (m) => m.PitchPage,
        ),
      },
    ],
  },
];

/** The page for the current location, inside whichever router the caller provides. */
export function AppRoutes() {
  return useRoutes(routes);
}
