/** The admin screens, loaded together on first visit (see the lazy routes in app/admin-routes.tsx). */
export { ApiAccessReportsPage } from './components/api-access-reports-page';
export { ReportsListPage } from './components/reports-list-page';
export { VendorsListPage } from './components/vendors-list-page';
export { CustomDomainsPage } from './components/custom-domains-page';
export { ShortUrlDomainsPage } from './components/short-url-domains-page';
export { TitleFiltersPage } from './components/title-filters-page';
export { AllLogsPage } from './components/all-logs-page';
