/** /admin and /admin/dashboard show the dashboard. */
export { DashboardPage as AdminHomePage } from '../dashboard/dashboard-page';
