/**
 * Every route of the web app (part 2 §2), spelled exactly as the spec writes them. Nothing else in the app
 * writes a path literal.
 */
export const paths = {
  home: '/',
  homeAlias: '/home',
  dashboard: '/dashboard',
  /** Part 2 §2 lists `/conversionReports` with `/`, `/home` and `/dashboard`: the same Dashboard screen. */
  conversionReportsDashboard: '/conversionReports',
  /**
   * Conversion report 1 (part 1 §2). The spec gives it no route of its own (its old path is a Dashboard alias), so
   * it is designed here, numbered like reports 2 to 5.
   */
  conversionReports1: '/conversionReports1',
  downloadConversionReports: '/downloadConversionReports',
  fullDashboard: '/FullDashboard',
  qualityReports: '/qualityReports',
  reportsDashboard: '/reportsDashboard',
  conversionReports2: '/conversionReports2',
  conversionReports3: '/conversionReports3',
  conversionReports4: '/conversionReports4',
  conversionReports5: '/conversionReports5',

  signin: '/signin',
  /** Case variant of part 1 §2; only ever redirects to `signin`. */
  signinLegacy: '/signIn',
  /** The web route of the contract's SIGNUP_PATH (`/auth/signup_publisher_0599`). */
  signup: '/signup_publisher_0599',

  myAccount: '/myAccount',
  changePassword: '/changePassword',
  myProfile: '/myProfile',
  myProfileInfo: '/MyProfileInfo',
  orderHistory: '/orderHistory',
  settings: '/Settings',

  deepLinksAPI: '/deepLinksAPI',
  deepLinksAPI2: '/deepLinksAPI2',
  deepLinksAPI3: '/deepLinksAPI3',
  deepLinksAPI3New: '/deepLinksAPI3New',
  deepLinksAPI4: '/deepLinksAPI4',
  deepLinksAPI4New: '/deepLinksAPI4New',
  deepLinksAPI5: '/deepLinksAPI5',
  deepLinksSamsAndKohls: '/deepLinksSamsAndKohls',

  merchants: '/merchants',
  categories: '/categories',
  products: '/products',
  allCoupons: '/allCoupons',
  allCashback: '/AllCashback',

  uploadReports: '/uploadReports',
  vendorsList: '/vendorsList98761234',
  reportsList: '/reportsList',
  saveDailyReports: '/savedailyReports',
  saveDailyReports2: '/savedailyReports2',
  saveDailyReports3: '/savedailyReports3',
  saveDailyReports4: '/savedailyReports4',
  saveDailyReports5: '/savedailyReports5',
  addCustomDomain: '/addCustomDomain',
  uniqueTitleFilters: '/uniqueTitleFilters',
  shortURLDomains: '/shortURLDomains',
  allLogs: '/AllLogs',
  /** "All Vendors API Access Reports List" (part 2 §2) has no route in the spec: designed here. */
  apiAccessReports: '/apiAccessReports',

  yahooDashboard: '/yahoodashboard',
  mediaDashboard: '/mediaDashboard',
  extensionDashboard: '/ExtensionDashboard',
  links: '/links',
  handleClick: '/handleclick',
  /**
   * The click dashboard. Part 2 §2 names `/handleclick` "Click dashboard (or redirect placeholder)"; that route stays
   * the redirect placeholder (it must forward), so the dashboard gets a path of its own.
   */
  clickDashboard: '/clickDashboard',
  /** The extension dashboard's variant page with "Save Reports to DB" (admin); the spec gives it no path. */
  saveExtensionReports: '/saveExtensionReports',

  termsCondition: '/termscondition',
  policy: '/policy',
  contact: '/contact',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The query of /signin when the API has ended the session (part 1 §8): the sign-in page says why the user is there. */
export const SESSION_ENDED_QUERY = 'session=ended';
