/** The extension screens, loaded together on first visit (see lazy routes in app/routes.tsx). */
export { ExtensionDashboardPage } from './components/extension-dashboard-page';
export { SaveExtensionReportsPage } from './components/save-extension-reports-page';
