import type { RouteObject } from 'react-router';
import { PAGE_PATHS } from '../../../common/routes';
import { page } from '../lazy-page';
import { RouteGuard, requireAdmin } from '../route-guards';

/** The admin area, layout and pages: never downloaded on public pages. */
export const adminRoutes: RouteObject = {
  element: <RouteGuard decide={requireAdmin} />,
  children: [
    {
      ...page(
        () => import('../layouts/admin-layout'),
        (m) => m.AdminLayout,
      ),
      children: [
        {
          path: PAGE_PATHS.admin,
          ...page(
            () => import('../../features/admin/home/admin-home-page'),
            (m) => m.AdminHomePage,
          ),
        },
        {
          path: PAGE_PATHS.adminDashboard,
          ...page(
            () => import('../../features/admin/home/admin-home-page'),
            (m) => m.AdminHomePage,
          ),
        },
        {
          path: PAGE_PATHS.adminOutbox,
          ...page(
            () => import('../../features/outbox/outbox-page'),
            (m) => m.OutboxPage,
          ),
        },
        {
          path: PAGE_PATHS.adminAudit,
          ...page(
            () => import('../../features/audit/audit-page'),
            (m) => m.AuditPage,
          ),
        },
        {
          path: PAGE_PATHS.adminPreviewRequests,
          ...page(
            () => import('../../features/preview-access/admin/preview-requests-page'),
            (m) => m.PreviewRequestsPage,
          ),
        },
        {
          path: PAGE_PATHS.adminCreateAccount,
          ...page(
            () => import('../../features/preview-access/admin/create-account-page'),
            (m) => m.CreateAccountPage,
          ),
        },
        {
          path: PAGE_PATHS.adminPreviewActivity,
          ...page(
            () => import('../../features/preview-access/admin/preview-activity-page'),
            (m) => m.PreviewActivityPage,
          ),
        },
        {
          path: PAGE_PATHS.adminSongs,
          ...page(
            () => import('../../features/songs/admin/admin-songs-page'),
            (m) => m.AdminSongsPage,
          ),
        },
        {
          path: PAGE_PATHS.adminSongImport,
          ...page(
            () => import('../../features/songs/admin/song-import-page'),
            (m) => m.SongImportPage,
          ),
        },
        {
          path: PAGE_PATHS.adminSongNew,
          ...page(
            () => import('../../features/songs/admin/song-form-page'),
            (m) => m.NewSongPage,
          ),
        },
        {
          path: PAGE_PATHS.adminSongEdit,
          ...page(
            () => import('../../features/songs/admin/song-form-page'),
            (m) => m.EditSongPage,
          ),
        },
        {
          path: PAGE_PATHS.adminSettings,
          ...page(
            () => import('../../features/settings/settings-page'),
            (m) => m.SettingsPage,
          ),
        },
        {
          path: PAGE_PATHS.adminComments,
          ...page(
            () => import('../../features/comments/admin-comments-page'),
            (m) => m.AdminCommentsPage,
          ),
        },
        {
          path: PAGE_PATHS.adminSongwriterReviews,
          ...page(
            () => import('../../features/reviews/admin/admin-reviews-page'),
            (m) => m.AdminReviewsPage,
          ),
        },
        {
          path: PAGE_PATHS.adminSongwriterReview,
          ...page(
            () => import('../../features/reviews/admin/admin-review-page'),
            (m) => m.AdminReviewPage,
          ),
        },
        {
          path: PAGE_PATHS.adminAllUsers,
          ...page(
            () => import('../../features/admin/users/all-users-page'),
            (m) => m.AllUsersPage,
          ),
        },
        {
          path: PAGE_PATHS.adminCustomers,
          ...page(
            () => import('../../features/admin/customers/customers-page'),
            (m) => m.CustomersPage,
          ),
        },
        {
          path: PAGE_PATHS.adminResetSongwriter,
          ...page(
            () => import('../../features/admin/reset-songwriter/reset-songwriter-page'),
            (m) => m.ResetSongwriterPage,
          ),
        },
        {
          path: PAGE_PATHS.adminPitchLinks,
          ...page(
            () => import('../../features/pitching/pitch-links-page'),
            (m) => m.PitchLinksPage,
          ),
        },
        {
          path: PAGE_PATHS.adminPitchLinkNew,
          ...page(
            () => import('../../features/pitching/new-pitch-link-page'),
            (m) => m.NewPitchLinkPage,
          ),
        },
        {
          path: PAGE_PATHS.adminPitchActivity,
          ...page(
            () => import('../../features/pitching/pitch-activity-page'),
            (m) => m.PitchActivityPage,
          ),
        },
        {
          path: PAGE_PATHS.adminPitchPipeline,
          ...page(
            () => import('../../features/agreements/pitch-pipeline-page'),
            (m) => m.PitchPipelinePage,
          ),
        },
        {
          path: PAGE_PATHS.adminBriefs,
          ...page(
            () => import('../../features/briefs/admin-briefs-page'),
            (m) => m.AdminBriefsPage,
          ),
        },
        {
          path: PAGE_PATHS.adminLedger,
          ...page(
            () => import('../../features/placements/ledger-page'),
            (m) => m.LedgerPage,
          ),
        },
      ],
    },
  ],
};
