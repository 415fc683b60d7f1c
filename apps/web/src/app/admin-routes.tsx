import { lazy, type LazyExoticComponent } from 'react';
import { paths } from '../config/paths';
import type * as AdminPages from '../features/admin/pages';
import type { ScreenRoute } from './screen-route';

/**
 * The admin screens (issue 10), one lazily loaded chunk. They are `private` routes like any other: the menu engine
 * allows their paths to the admin only (except /AllLogs, which any signed-in user opens for their own logs), so RequireAuth sends a vendor to their landing page and a signed-out
 * visitor to /signin; the API refuses a vendor's admin calls (403) whatever the web shows.
 */
function adminPage<K extends keyof typeof AdminPages>(name: K): LazyExoticComponent<(typeof AdminPages)[K]> {
  return lazy(async () => ({ default: (await import('../features/admin/pages'))[name] }));
}

const UploadReportsPage = lazy(async () => ({ default: (await import('../features/upload/pages')).UploadReportsPage }));
const VendorsListPage = adminPage('VendorsListPage');
const ReportsListPage = adminPage('ReportsListPage');
const ApiAccessReportsPage = adminPage('ApiAccessReportsPage');
const AllLogsPage = adminPage('AllLogsPage');
const CustomDomainsPage = adminPage('CustomDomainsPage');
const TitleFiltersPage = adminPage('TitleFiltersPage');
const ShortUrlDomainsPage = adminPage('ShortUrlDomainsPage');

export const ADMIN_SCREEN_ROUTES: readonly ScreenRoute[] = [
  { path: paths.uploadReports, title: 'Upload Reports', access: 'private', render: () => <UploadReportsPage /> },
  { path: paths.vendorsList, title: 'Vendors List', access: 'private', render: () => <VendorsListPage /> },
  { path: paths.reportsList, title: 'Reports List', access: 'private', render: () => <ReportsListPage /> },
  {
    path: paths.apiAccessReports,
    title: 'API Access Reports',
    access: 'private',
    render: () => <ApiAccessReportsPage />,
  },
  { path: paths.allLogs, title: 'All Logs', access: 'private', render: () => <AllLogsPage /> },
  { path: paths.addCustomDomain, title: 'Add Custom Domain', access: 'private', render: () => <CustomDomainsPage /> },
  {
    path: paths.uniqueTitleFilters,
    title: 'Unique Title Filters',
    access: 'private',
    render: () => <TitleFiltersPage />,
  },
  { path: paths.shortURLDomains, title: 'Short URL Domains', access: 'private', render: () => <ShortUrlDomainsPage /> },
];
