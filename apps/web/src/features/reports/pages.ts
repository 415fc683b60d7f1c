/** The report screens, loaded together on first visit (see lazy routes in app/routes.tsx). */
export { ConversionReportPage } from './components/conversion-report-page';
export { ConversionReport2Page } from './components/conversion-report2-page';
export { ConversionReport3Page } from './components/conversion-report3-page';
export { ConversionReport4Page } from './components/conversion-report4-page';
export { ConversionReport5Page } from './components/conversion-report5-page';
export { DashboardPage } from './components/dashboard-page';
export { DownloadConversionReportsPage } from './components/download-conversion-reports-page';
export { OrderHistoryPage } from './components/order-history-page';
export { QualityReportsPage } from './components/quality-reports-page';
export { RevenueReportPage } from './components/revenue-report-page';
export {
  SaveDailyReports2Page,
  SaveDailyReports3Page,
  SaveDailyReports4Page,
  SaveDailyReports5Page,
  SaveDailyReportsPage,
} from './components/save-daily-reports-pages';
