import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PAGE_PATHS } from '../../common/routes';
import * as MESSAGES from '../../common/messages';
import { PageSpinner } from '../components/ui/spinner';
import { SiteLayout } from './layouts/site-layout';
import { NotFoundPage } from './not-found-page';
import { RouteErrorPage } from './route-error-page';
import { RouteGuard, requireAdmin, requireCatalogueAccess, requireSignedIn, requireSongwriter } from './route-guards';

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
    path: PAGE_PATHS.previewRequest,
    lazy: page(() => import('../features/preview-access/preview-request-page'), (m) => m.PreviewRequestPage),
  },
  {
    path: PAGE_PATHS.previewSignup,
    lazy: page(() => import('../features/preview-access/preview-signup-page'), (m) => m.PreviewSignupPage),
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
  {
    element: <RouteGuard decide={requireCatalogueAccess} />,
    children: [
      { path: PAGE_PATHS.songs, lazy: page(() => import('../features/catalogue/songs-page'), (m) => m.SongsPage) },
      { path: PAGE_PATHS.song, lazy: page(() => import('../features/catalogue/song-page'), (m) => m.SongPage) },
      { path: PAGE_PATHS.myHolds, lazy: page(() => import('../features/pitching/my-holds-page'), (m) => m.MyHoldsPage) },
    ],
  },
  {
    path: PAGE_PATHS.songwriterSignup,
    lazy: page(() => import('../features/songwriter/songwriter-signup-page'), (m) => m.SongwriterSignupPage),
  },
  {
    element: <RouteGuard decide={requireSongwriter} />,
    children: [
      {
        path: PAGE_PATHS.songwriterProfile,
        lazy: page(() => import('../features/songwriter/songwriter-profile-page'), (m) => m.SongwriterProfilePage),
      },
      {
        path: PAGE_PATHS.songwriterQuestionnaire,
        lazy: page(() => import('../features/songwriter/songwriter-questionnaire-page'), (m) => m.SongwriterQuestionnairePage),
      },
      {
        path: PAGE_PATHS.songwriterOrder,
        lazy: page(() => import('../features/songwriter/songwriter-order-page'), (m) => m.SongwriterOrderPage),
      },
      {
        path: PAGE_PATHS.songwriterDashboard,
        lazy: page(() => import('../features/songwriter/songwriter-dashboard-page'), (m) => m.SongwriterDashboardPage),
      },
      {
        path: PAGE_PATHS.submitSong,
        lazy: page(() => import('../features/submissions/submit-song-page'), (m) => m.SubmitSongPage),
      },
      {
        path: PAGE_PATHS.submissionConfirmation,
        lazy: page(() => import('../features/submissions/submission-confirmation-page'), (m) => m.SubmissionConfirmationPage),
      },
      {
        path: PAGE_PATHS.songwriterReview,
        lazy: page(() => import('../features/reviews/songwriter-review-page'), (m) => m.SongwriterReviewPage),
      },
      {
        path: PAGE_PATHS.testCheckout,
        lazy: page(() => import('../features/checkout/test-checkout-page'), (m) => m.TestCheckoutPage),
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
        {
          path: PAGE_PATHS.adminPreviewRequests,
          lazy: page(() => import('../features/admin/preview/preview-requests-page'), (m) => m.PreviewRequestsPage),
        },
        {
          path: PAGE_PATHS.adminCreateAccount,
          lazy: page(() => import('../features/admin/preview/create-account-page'), (m) => m.CreateAccountPage),
        },
        {
          path: PAGE_PATHS.adminPreviewActivity,
          lazy: page(() => import('../features/admin/preview/preview-activity-page'), (m) => m.PreviewActivityPage),
        },
        {
          path: PAGE_PATHS.adminSongs,
          lazy: page(() => import('../features/admin/songs/admin-songs-page'), (m) => m.AdminSongsPage),
        },
        {
          path: PAGE_PATHS.adminSongNew,
          lazy: page(() => import('../features/admin/songs/song-form-page'), (m) => m.NewSongPage),
        },
        {
          path: PAGE_PATHS.adminSongEdit,
          lazy: page(() => import('../features/admin/songs/song-form-page'), (m) => m.EditSongPage),
        },
        {
          path: PAGE_PATHS.adminComments,
          lazy: page(() => import('../features/admin/comments/admin-comments-page'), (m) => m.AdminCommentsPage),
        },
        {
          path: PAGE_PATHS.adminSongwriterReviews,
          lazy: page(() => import('../features/admin/reviews/admin-reviews-page'), (m) => m.AdminReviewsPage),
        },
        {
          path: PAGE_PATHS.adminSongwriterReview,
          lazy: page(() => import('../features/admin/reviews/admin-review-page'), (m) => m.AdminReviewPage),
        },
        {
          path: PAGE_PATHS.adminAllUsers,
          lazy: page(() => import('../features/admin/users/all-users-page'), (m) => m.AllUsersPage),
        },
        {
          path: PAGE_PATHS.adminCustomers,
          lazy: page(() => import('../features/admin/customers/customers-page'), (m) => m.CustomersPage),
        },
        {
          path: PAGE_PATHS.adminResetSongwriter,
          lazy: page(() => import('../features/admin/reset-songwriter/reset-songwriter-page'), (m) => m.ResetSongwriterPage),
        },
        {
          path: PAGE_PATHS.adminPitchLinks,
          lazy: page(() => import('../features/pitching/pitch-links-page'), (m) => m.PitchLinksPage),
        },
        {
          path: PAGE_PATHS.adminPitchLinkNew,
          lazy: page(() => import('../features/pitching/new-pitch-link-page'), (m) => m.NewPitchLinkPage),
        },
        {
          path: PAGE_PATHS.adminPitchActivity,
          lazy: page(() => import('../features/pitching/pitch-activity-page'), (m) => m.PitchActivityPage),
        },
      ],
    },
  ],
};

/** Every route; the browser makes its router from these (main.tsx) and the build prerenders public pages (prerender.tsx). */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageSpinner label={MESSAGES.generic.loading} />,
    children: [
      { element: <SiteLayout />, children: publicRoutes },
      adminRoutes,
      // A pitch link's recipient has no account: a branded page of its own, outside the site's chrome.
      { path: PAGE_PATHS.pitch, lazy: page(() => import('../features/pitching/pitch-page'), (m) => m.PitchPage) },
    ],
  },
];
