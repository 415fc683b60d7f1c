/** The feed screens, loaded together on first visit (see lazy routes in app/routes.tsx). */
export { ClickDashboardPage } from './components/click-dashboard-page';
export { FeedLinksPage } from './components/feed-links-page';
export { HandleClickPage } from './components/handle-click-page';
export { AllReportsPage } from './components/all-reports-page';
export { MediaDashboardPage } from './components/media-dashboard-page';
