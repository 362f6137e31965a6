import type { RouteObject } from 'react-router';
import { PAGE_PATHS } from '../../../common/routes';
import { page } from '../lazy-page';
import { RouteGuard, requireSongwriter, requireSongwriterAccount } from '../route-guards';

/** A songwriter's sign-up, their own area, and their review reached from an email. */
export const songwriterRoutes: RouteObject[] = [
  {
    path: PAGE_PATHS.songwriterSignup,
    ...page(
      () => import('../../features/songwriters/songwriter-signup-page'),
      (m) => m.SongwriterSignupPage,
    ),
  },
  {
    element: <RouteGuard decide={requireSongwriterAccount} />,
    children: [
      {
        path: PAGE_PATHS.songwriterReview,
        ...page(
          () => import('../../features/reviews/songwriter-review-page'),
          (m) => m.SongwriterReviewPage,
        ),
      },
    ],
  },
  {
    element: <RouteGuard decide={requireSongwriter} />,
    children: [
      {
        path: PAGE_PATHS.briefs,
        ...page(
          () => import('../../features/briefs/open-briefs-page'),
          (m) => m.OpenBriefsPage,
        ),
      },
      {
        path: PAGE_PATHS.songwriterProfile,
        ...page(
          () => import('../../features/songwriters/songwriter-profile-page'),
          (m) => m.SongwriterProfilePage,
        ),
      },
      {
        path: PAGE_PATHS.songwriterQuestionnaire,
        ...page(
          () => import('../../features/songwriters/songwriter-questionnaire-page'),
          (m) => m.SongwriterQuestionnairePage,
        ),
      },
      {
        path: PAGE_PATHS.songwriterOrder,
        ...page(
          () => import('../../features/songwriters/songwriter-order-page'),
          (m) => m.SongwriterOrderPage,
        ),
      },
      {
        path: PAGE_PATHS.songwriterDashboard,
        ...page(
          () => import('../../features/songwriters/songwriter-dashboard-page'),
          (m) => m.SongwriterDashboardPage,
        ),
      },
      {
        path: PAGE_PATHS.submitSong,
        ...page(
          () => import('../../features/submissions/submit-song-page'),
          (m) => m.SubmitSongPage,
        ),
      },
      {
        path: PAGE_PATHS.submissionConfirmation,
        ...page(
          () => import('../../features/submissions/submission-confirmation-page'),
          (m) => m.SubmissionConfirmationPage,
        ),
      },
      {
        path: PAGE_PATHS.testCheckout,
        ...page(
          () => import('../../features/orders/test-checkout-page'),
          (m) => m.TestCheckoutPage,
        ),
      },
    ],
  },
];
