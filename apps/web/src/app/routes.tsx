import type { DeeplinkKey } from '@publisher/contract';
import { lazy, Suspense, type LazyExoticComponent, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { Spinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { useAuth } from '../features/auth/components/auth-provider';
import { SigninPage } from '../features/auth/components/signin-page';
import type { CatalogViewer } from '../features/catalog/lib/catalog-viewer';
import type * as AuthPages from '../features/auth/pages';
import type * as CatalogPages from '../features/catalog/pages';
import type { DeepLinkViewer } from '../features/deep-links/lib/deep-link-viewer';
import type * as DeepLinkPages from '../features/deep-links/pages';
import type * as ExtensionPages from '../features/extension/pages';
import type * as FeedPages from '../features/feeds/pages';
import type * as LegalPages from '../features/legal/pages';
import type { ConversionType, ReportViewer } from '../features/reports/lib/report-viewer';
import type * as ReportPages from '../features/reports/pages';
import { GuestOnly } from './guards/guest-only';
import { HomeRedirect } from './guards/home-redirect';
import { RequireAuth } from './guards/require-auth';
import { RequireSignedIn } from './guards/require-signed-in';
import { ADMIN_SCREEN_ROUTES } from './admin-routes';
import { DocumentTitle } from './document-title';
import { SETTINGS_SCREEN_ROUTE } from './settings-route';
import { AppShell } from './app-shell';
import { useAppMenu } from './menu-context';
import { NotFoundPage } from './not-found-page';
import type { ScreenRoute } from './screen-route';
import { ScreenRendered } from './screen-rendered';

/**
 * Every screen but sign-in loads on first visit, one chunk per feature: the sign-in page, the first most visitors
 * see, does not wait for code they may never open (its JavaScript budget is checked by tools/scripts/web-size).
 */
function authPage<K extends keyof typeof AuthPages>(name: K): LazyExoticComponent<(typeof AuthPages)[K]> {
  return lazy(async () => ({ default: (await import('../features/auth/pages'))[name] }));
}
function legalPage<K extends keyof typeof LegalPages>(name: K): LazyExoticComponent<(typeof LegalPages)[K]> {
  return lazy(async () => ({ default: (await import('../features/legal/pages'))[name] }));
}
function reportPage<K extends keyof typeof ReportPages>(name: K): LazyExoticComponent<(typeof ReportPages)[K]> {
  return lazy(async () => ({ default: (await import('../features/reports/pages'))[name] }));
}
function catalogPage<K extends keyof typeof CatalogPages>(name: K): LazyExoticComponent<(typeof CatalogPages)[K]> {
  return lazy(async () => ({ default: (await import('../features/catalog/pages'))[name] }));
}

function deepLinkPage<K extends keyof typeof DeepLinkPages>(name: K): LazyExoticComponent<(typeof DeepLinkPages)[K]> {
  return lazy(async () => ({ default: (await import('../features/deep-links/pages'))[name] }));
}

function feedPage<K extends keyof typeof FeedPages>(name: K): LazyExoticComponent<(typeof FeedPages)[K]> {
  return lazy(async () => ({ default: (await import('../features/feeds/pages'))[name] }));
}

function extensionPage<K extends keyof typeof ExtensionPages>(
  name: K,
): LazyExoticComponent<(typeof ExtensionPages)[K]> {
  return lazy(async () => ({ default: (await import('../features/extension/pages'))[name] }));
}

const SignupPage = authPage('SignupPage');
const ProfileInfoPage = authPage('ProfileInfoPage');
const ProfileFormPage = authPage('ProfileFormPage');
const MyAccountPage = authPage('MyAccountPage');
const ChangePasswordPage = authPage('ChangePasswordPage');
const TermsPage = legalPage('TermsPage');
const PrivacyPolicyPage = legalPage('PrivacyPolicyPage');
const ContactPage = legalPage('ContactPage');
const DashboardPage = reportPage('DashboardPage');
const ConversionReportPage = reportPage('ConversionReportPage');
const ConversionReport2Page = reportPage('ConversionReport2Page');
const ConversionReport3Page = reportPage('ConversionReport3Page');
const ConversionReport4Page = reportPage('ConversionReport4Page');
const ConversionReport5Page = reportPage('ConversionReport5Page');
const DownloadConversionReportsPage = reportPage('DownloadConversionReportsPage');
const OrderHistoryPage = reportPage('OrderHistoryPage');
const QualityReportsPage = reportPage('QualityReportsPage');
const RevenueReportPage = reportPage('RevenueReportPage');
const SaveDailyReportsPage = reportPage('SaveDailyReportsPage');
const SaveDailyReports2Page = reportPage('SaveDailyReports2Page');
const SaveDailyReports3Page = reportPage('SaveDailyReports3Page');
const SaveDailyReports4Page = reportPage('SaveDailyReports4Page');
const SaveDailyReports5Page = reportPage('SaveDailyReports5Page');
const MerchantsPage = catalogPage('MerchantsPage');
const CategoriesPage = catalogPage('CategoriesPage');
const ProductsPage = catalogPage('ProductsPage');
const CouponsPage = catalogPage('CouponsPage');
const CashbackPage = catalogPage('CashbackPage');
const DeepLinksAPIPage = deepLinkPage('DeepLinksAPIPage');
const DeepLinksAPI4NewPage = deepLinkPage('DeepLinksAPI4NewPage');
const DeepLinksAPI5Page = deepLinkPage('DeepLinksAPI5Page');
const SamsAndKohlsPage = deepLinkPage('SamsAndKohlsPage');
const DeepLinksAPI2Page = deepLinkPage('DeepLinksAPI2Page');
const DeepLinksAPI3Page = deepLinkPage('DeepLinksAPI3Page');
const DeepLinksAPI3NewPage = deepLinkPage('DeepLinksAPI3NewPage');
const DeepLinksAPI4Page = deepLinkPage('DeepLinksAPI4Page');
const FeedLinksPage = feedPage('FeedLinksPage');
const HandleClickPage = feedPage('HandleClickPage');
const ClickDashboardPage = feedPage('ClickDashboardPage');
const AllReportsPage = feedPage('AllReportsPage');
const MediaDashboardPage = feedPage('MediaDashboardPage');
const ExtensionDashboardPage = extensionPage('ExtensionDashboardPage');
const SaveExtensionReportsPage = extensionPage('SaveExtensionReportsPage');

/** What a lazily loaded screen shows while its code arrives: a bar under the header and a spinner. */
const screenLoading = (
  <>
    <div aria-hidden="true" className="fixed inset-x-0 top-16 z-50 h-1 animate-pulse bg-indigo-600" />
    <div className="flex justify-center py-16">
      <Spinner label="Loading page" />
    </div>
  </>
);

/**
 * The signed-in user and their menu when the user has a vendor id, else null: the report and catalog screens
 * read everything as that vendor, so without one they send the user to /signIn (part 1 §6).
 */
function useVendorSession() {
  const { user } = useAuth();
  const menu = useAppMenu();
  if (!user || !menu || !user.vendorId) return null;
  return { user, vendorId: user.vendorId, menu };
}

interface ReportAccessProps {
  /** The deep-link menu entry the screen belongs to: it decides the screen's CPC/CPA types. */
  entry: DeeplinkKey;
  children: (viewer: ReportViewer, conversionTypes: ConversionType[]) => ReactNode;
}

/**
 * Hands a report screen what it needs from the session and the menu engine as plain props, so the reports
 * feature never imports the auth or menu features. An entry with both flags off needs no check here: the menu
 * engine then leaves the screen's path out of the allowed paths, so RequireAuth has already sent the user to their
 * landing page (part 1 §4, part 2 §6).
 */
function ReportAccess({ entry, children }: ReportAccessProps) {
  const session = useVendorSession();
  if (!session) return <Navigate to={paths.signinLegacy} replace />;
  const viewer: ReportViewer = { vendorId: session.vendorId, apiKey: session.user.apiKey };
  return children(viewer, session.menu.conversionTypes(entry));
}

const reportScreen =
  (entry: DeeplinkKey, screen: (viewer: ReportViewer, types: ConversionType[]) => ReactNode) => () => (
    <ReportAccess entry={entry}>{screen}</ReportAccess>
  );

/**
 * Hands a catalog screen the viewer as plain props (vendor id for copied links, the merchant lock), so the catalog
 * feature never imports the auth or menu features. The menu flags themselves are enforced by RequireAuth; a user
 * without a vendorId is sent to /signIn (part 1 §6).
 */
function CatalogAccess({ children }: { children: (viewer: CatalogViewer) => ReactNode }) {
  const session = useVendorSession();
  if (!session) return <Navigate to={paths.signinLegacy} replace />;
  const { builtMenu } = session.menu;
  return children({
    vendorId: session.vendorId,
    lockedMerchant: builtMenu.lockedMerchant,
    // The catalog's merchants are deep links 1's (Connexity): its generator, when this vendor's menu allows it.
    linkGeneratorPath: builtMenu.allowedPaths.has(paths.deepLinksAPI) ? paths.deepLinksAPI : null,
  });
}

const catalogScreen = (screen: (viewer: CatalogViewer) => ReactNode) => () => <CatalogAccess>{screen}</CatalogAccess>;

/**
 * Hands a deep link screen the viewer as plain props (vendor id and apiKey, the merchant lock, the CPC/CPA types
 * of its menu entry, the short-URL flag), so the deep-links feature never imports the auth or menu features. As for
 * the report screens, an entry with both flags off never gets here: RequireAuth sends the user to their landing
 * page (part 2 §6).
 */
function DeepLinkAccess({ entry, children }: { entry: DeeplinkKey; children: (viewer: DeepLinkViewer) => ReactNode }) {
  const session = useVendorSession();
  if (!session) return <Navigate to={paths.signinLegacy} replace />;
  return children({
    vendorId: session.vendorId,
    apiKey: session.user.apiKey,
    lockedMerchant: session.menu.builtMenu.lockedMerchant,
    conversionTypes: session.menu.conversionTypes(entry),
    isShortUrlEnabled: session.user.isShortUrlEnabled,
  });
}

const deepLinkScreen = (entry: DeeplinkKey, screen: (viewer: DeepLinkViewer) => ReactNode) => () => (
  <DeepLinkAccess entry={entry}>{screen}</DeepLinkAccess>
);

/** The feed-link screen gets the signed-in vendor's id as a prop, so the feeds feature never imports auth. */
function FeedLinksScreen() {
  const session = useVendorSession();
  return <FeedLinksPage vendorId={session?.vendorId} />;
}

/** The redirect placeholder credits its click to the signed-in vendor, if any (the route is public). */
function HandleClickScreen() {
  const session = useVendorSession();
  return <HandleClickPage vendorId={session?.vendorId} />;
}

/** `/`: the dashboard for users who land on it, else the landing page (or sign-in when signed out). */
function HomeScreen() {
  const menu = useAppMenu();
  return menu?.landingPath === paths.dashboard ? (
    <>
      <DocumentTitle title="Dashboard" />
      <Suspense fallback={screenLoading}>
        <DashboardPage />
        <ScreenRendered />
      </Suspense>
    </>
  ) : (
    <HomeRedirect />
  );
}

/**
 * Every screen that exists. Later issues add their screens here (dashboard, reports, deep links, merchants,
 * admin pages...); the side menu and the post-login landing page pick them up through `registeredPaths`.
 */
const SCREEN_ROUTES: readonly ScreenRoute[] = [
  { path: paths.signin, title: 'Sign In', access: 'guest', render: () => <SigninPage /> },
  { path: paths.signup, title: 'Sign Up', access: 'guest', render: () => <SignupPage /> },
  { path: paths.myProfileInfo, title: 'My Profile', access: 'private', render: () => <ProfileInfoPage /> },
  { path: paths.myProfile, title: 'Profile', access: 'private', render: () => <ProfileFormPage /> },
  { path: paths.myAccount, title: 'My Account', access: 'private', render: () => <MyAccountPage /> },
  { path: paths.changePassword, title: 'Change Password', access: 'private', render: () => <ChangePasswordPage /> },
  { path: paths.termsCondition, title: 'Publisher Program Terms', access: 'public', render: () => <TermsPage /> },
  { path: paths.policy, title: 'Privacy Policy', access: 'public', render: () => <PrivacyPolicyPage /> },
  { path: paths.contact, title: 'Contact us', access: 'public', render: () => <ContactPage /> },
  { path: paths.dashboard, title: 'Dashboard', access: 'private', render: () => <DashboardPage /> },
  { path: paths.homeAlias, title: 'Dashboard', access: 'private', render: () => <DashboardPage /> },
  { path: paths.conversionReportsDashboard, title: 'Dashboard', access: 'private', render: () => <DashboardPage /> },
  {
    path: paths.conversionReports1,
    title: 'Conversion Reports',
    access: 'private',
    render: reportScreen('deeplink1', (viewer, types) => (
      <ConversionReportPage viewer={viewer} conversionTypes={types} />
    )),
  },
  {
    path: paths.conversionReports2,
    title: 'Conversion Reports 2',
    access: 'private',
    render: reportScreen('deeplink2', (viewer, types) => (
      <ConversionReport2Page viewer={viewer} conversionTypes={types} />
    )),
  },
  {
    path: paths.conversionReports3,
    title: 'Conversion Reports 3',
    access: 'private',
    render: reportScreen('deeplink3', (viewer) => <ConversionReport3Page viewer={viewer} />),
  },
  {
    path: paths.conversionReports4,
    title: 'Conversion Reports 4',
    access: 'private',
    render: reportScreen('deeplink4', (viewer) => <ConversionReport4Page viewer={viewer} />),
  },
  {
    path: paths.conversionReports5,
    title: 'Conversion Reports 5',
    access: 'private',
    render: reportScreen('deeplink5', (viewer) => <ConversionReport5Page viewer={viewer} />),
  },
  {
    path: paths.qualityReports,
    title: 'Quality Reports',
    access: 'private',
    render: reportScreen('deeplink1', (viewer) => <QualityReportsPage viewer={viewer} />),
  },
  {
    path: paths.fullDashboard,
    title: 'Quality Reports',
    access: 'private',
    render: reportScreen('deeplink1', (viewer) => <QualityReportsPage viewer={viewer} />),
  },
  { path: paths.reportsDashboard, title: 'Revenue Report', access: 'private', render: () => <RevenueReportPage /> },
  {
    path: paths.downloadConversionReports,
    title: 'Conversion Reports Download',
    access: 'public',
    render: () => <DownloadConversionReportsPage />,
  },
  {
    path: paths.saveDailyReports,
    title: 'Save Daily Reports',
    access: 'private',
    render: () => <SaveDailyReportsPage />,
  },
  {
    path: paths.saveDailyReports2,
    title: 'Save Daily Reports 2',
    access: 'private',
    render: () => <SaveDailyReports2Page />,
  },
  {
    path: paths.saveDailyReports3,
    title: 'Save Daily Reports 3',
    access: 'private',
    render: () => <SaveDailyReports3Page />,
  },
  {
    path: paths.saveDailyReports4,
    title: 'Save Daily Reports 4',
    access: 'private',
    render: () => <SaveDailyReports4Page />,
  },
  {
    path: paths.saveDailyReports5,
    title: 'Save Daily Reports 5',
    access: 'private',
    render: () => <SaveDailyReports5Page />,
  },
  { path: paths.orderHistory, title: 'My Orders', access: 'private', render: () => <OrderHistoryPage /> },
  {
    path: paths.merchants,
    title: 'Merchants',
    access: 'private',
    render: catalogScreen((viewer) => <MerchantsPage viewer={viewer} />),
  },
  { path: paths.categories, title: 'Categories', access: 'private', render: () => <CategoriesPage /> },
  {
    path: paths.products,
    title: 'Products',
    access: 'private',
    render: catalogScreen((viewer) => <ProductsPage viewer={viewer} />),
  },
  {
    path: paths.allCoupons,
    title: 'Coupons',
    access: 'private',
    render: catalogScreen((viewer) => <CouponsPage viewer={viewer} />),
  },
  {
    path: paths.allCashback,
    title: 'Cashback',
    access: 'private',
    render: catalogScreen((viewer) => <CashbackPage viewer={viewer} />),
  },
  {
    path: paths.deepLinksAPI,
    title: 'Deep Links API',
    access: 'private',
    render: deepLinkScreen('deeplink1', (viewer) => <DeepLinksAPIPage viewer={viewer} />),
  },
  {
    path: paths.deepLinksAPI2,
    title: 'Deep Links API 2',
    access: 'private',
    render: deepLinkScreen('deeplink2', (viewer) => <DeepLinksAPI2Page viewer={viewer} />),
  },
  {
    path: paths.deepLinksAPI3,
    title: 'Deep Links API 3',
    access: 'private',
    render: deepLinkScreen('deeplink3', (viewer) => <DeepLinksAPI3Page viewer={viewer} />),
  },
  {
    path: paths.deepLinksAPI3New,
    title: 'Deep Links API 3 (New)',
    access: 'private',
    render: deepLinkScreen('deeplink3', (viewer) => <DeepLinksAPI3NewPage viewer={viewer} />),
  },
  {
    path: paths.deepLinksAPI4,
    title: 'Deep Links API 4',
    access: 'private',
    render: deepLinkScreen('deeplink4', (viewer) => <DeepLinksAPI4Page viewer={viewer} />),
  },
  {
    path: paths.deepLinksAPI4New,
    title: 'Deep Links API 4 (New)',
    access: 'private',
    render: deepLinkScreen('deeplink4', (viewer) => <DeepLinksAPI4NewPage viewer={viewer} />),
  },
  {
    path: paths.deepLinksAPI5,
    title: 'Deep Links API 5',
    access: 'private',
    render: deepLinkScreen('deeplink5', (viewer) => <DeepLinksAPI5Page viewer={viewer} />),
  },
  {
    path: paths.deepLinksSamsAndKohls,
    title: 'Deep Links API - Sams & Kohls',
    access: 'private',
    render: deepLinkScreen('deeplink1', (viewer) => <SamsAndKohlsPage viewer={viewer} />),
  },
  { path: paths.links, title: 'Feed Links', access: 'private', render: () => <FeedLinksScreen /> },
  // The redirect placeholder forwards whoever follows a price-line link, signed in or not.
  { path: paths.handleClick, title: 'Redirecting', access: 'public', render: () => <HandleClickScreen /> },
  { path: paths.clickDashboard, title: 'Click Dashboard', access: 'private', render: () => <ClickDashboardPage /> },
  {
    path: paths.yahooDashboard,
    title: 'All Reports (Search Feed)',
    access: 'private',
    render: () => <AllReportsPage />,
  },
  { path: paths.mediaDashboard, title: 'Media Dashboard', access: 'private', render: () => <MediaDashboardPage /> },
  {
    path: paths.extensionDashboard,
    title: 'Extension Dashboard',
    access: 'private',
    render: () => <ExtensionDashboardPage />,
  },
  {
    path: paths.saveExtensionReports,
    title: 'Save Extension Reports',
    access: 'private',
    render: () => <SaveExtensionReportsPage />,
  },
  ...ADMIN_SCREEN_ROUTES,
  SETTINGS_SCREEN_ROUTE,
];

/** The one list of registered screen paths. */
export const registeredPaths: ReadonlySet<string> = new Set(SCREEN_ROUTES.map((route) => route.path));

/** Every registered screen with its title, for tests that walk them all. */
export const registeredScreens: readonly Pick<ScreenRoute, 'path' | 'title' | 'access'>[] = SCREEN_ROUTES;

function guarded(route: ScreenRoute): ReactNode {
  const screen = (
    <>
      <DocumentTitle title={route.title} />
      {/* Keyed by path: a new boundary per screen shows its fallback while the screen's code loads. Router
          navigations run as transitions, and React keeps an already-shown boundary's old screen (and the old menu
          highlight) on display during a transition instead of a fallback. */}
      <Suspense key={route.path} fallback={screenLoading}>
        {route.render()}
        <ScreenRendered />
      </Suspense>
    </>
  );
  switch (route.access) {
    case 'guest':
      return <GuestOnly>{screen}</GuestOnly>;
    case 'private':
      return <RequireAuth path={route.path}>{screen}</RequireAuth>;
    case 'public':
      return screen;
  }
}

/** The route tree, shared by the browser router and the tests' memory router. Paths match exactly, case included. */
export function createAppRoutes(): RouteObject[] {
  return [
    {
      element: <AppShell registeredPaths={registeredPaths} />,
      children: [
        { path: paths.home, caseSensitive: true, element: <HomeScreen /> },
        { path: paths.signinLegacy, caseSensitive: true, element: <Navigate to={paths.signin} replace /> },
        ...SCREEN_ROUTES.map((route) => ({ path: route.path, caseSensitive: true, element: guarded(route) })),
        {
          path: '*',
          element: (
            <RequireSignedIn>
              <DocumentTitle title="Page not found" />
              <NotFoundPage />
            </RequireSignedIn>
          ),
        },
      ],
    },
  ];
}
