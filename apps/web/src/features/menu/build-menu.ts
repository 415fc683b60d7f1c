import {
  DEEP_LINK_VENDOR_IDS,
  deepLinkRefusal,
  type DeepLinkProduct,
  type DeeplinkFlags,
  type DeeplinkKey,
  type Menu,
  type User,
} from '@publisher/contract';
import { paths } from '../../config/paths';

/** The single merchant vendor 5036 is locked to. */
export const NAUTICA_MERCHANT = 'Nautica';

export type MenuItemId =
  | 'dashboard'
  | 'conversionReports'
  | 'qualityReports'
  | 'deepLinksAPI'
  | 'deepLinksAPI2'
  | 'deepLinksAPI3'
  | 'deepLinksAPI3New'
  | 'deepLinksAPI4'
  | 'deepLinksAPI4New'
  | 'deepLinksAPI5'
  | 'deepLinksSamsAndKohls'
  | 'conversionReports2'
  | 'conversionReports3'
  | 'conversionReports4'
  | 'conversionReports5'
  | 'merchants'
  | 'products'
  | 'uploadReports'
  | 'categories'
  | 'vendorsList'
  | 'reportsList'
  | 'saveDailyReports'
  | 'saveDailyReports2'
  | 'saveDailyReports3'
  | 'saveDailyReports4'
  | 'saveDailyReports5'
  | 'addCustomDomain'
  | 'uniqueTitleFilters'
  | 'shortURLDomains'
  | 'allLogs'
  | 'apiAccessReports'
  | 'allCoupons'
  | 'allCashback'
  | 'myAccount'
  | 'changePassword'
  | 'feedLinks'
  | 'clickDashboard'
  | 'yahooDashboard'
  | 'mediaDashboard'
  | 'extensionDashboard'
  | 'saveExtensionReports';

export type MenuSectionId = 'overview' | 'deepLinks' | 'reports' | 'catalog' | 'admin' | 'feeds' | 'account';

export interface MenuItem {
  readonly id: MenuItemId;
  readonly label: string;
  readonly path: string;
  /** Other routes that show the same screen and are allowed together with this item. */
  readonly aliases?: readonly string[];
}

export interface MenuSection {
  readonly id: MenuSectionId;
  readonly title: string;
  readonly items: readonly MenuItem[];
}

export interface MenuOptions {
  /** The page is served from an AI-brand host (part 2 §1). */
  readonly isAIHost: boolean;
}

/** The fields of a user the menu depends on. */
export type MenuUser = Pick<User, 'vendorId' | 'role' | 'isPublisherAI' | 'menu'>;

export interface BuiltMenu {
  /** Side-menu sections in display order; sections without items are left out. */
  readonly sections: readonly MenuSection[];
  /** Every signed-in route this user may open; any other gated route sends them to `landingPath`. */
  readonly allowedPaths: ReadonlySet<string>;
  /** Where sign-in sends this user (part 1 §4); always one of `allowedPaths`. */
  readonly landingPath: string;
  /** Vendor 5036 sees only this merchant in merchant lists and generators. */
  readonly lockedMerchant: string | null;
  readonly isAI: boolean;
  readonly isAdmin: boolean;
}

export type ConversionType = 'CPC' | 'CPA';

const item = (id: MenuItemId, label: string, path: string, aliases?: readonly string[]): MenuItem =>
  aliases ? { id, label, path, aliases } : { id, label, path };

const ITEMS = {
  dashboard: item('dashboard', 'Dashboard', paths.dashboard, [paths.homeAlias, paths.conversionReportsDashboard]),
  conversionReports: item('conversionReports', 'Conversion Reports', paths.conversionReports1),
  qualityReports: item('qualityReports', 'Quality Reports', paths.qualityReports, [paths.fullDashboard]),
  deepLinksAPI: item('deepLinksAPI', 'Deep Links API', paths.deepLinksAPI),
  deepLinksAPI2: item('deepLinksAPI2', 'Deep Links API 2', paths.deepLinksAPI2),
  deepLinksAPI3: item('deepLinksAPI3', 'Deep Links API 3', paths.deepLinksAPI3),
  deepLinksAPI3New: item('deepLinksAPI3New', 'Deep Links API 3 (New)', paths.deepLinksAPI3New),
  deepLinksAPI4: item('deepLinksAPI4', 'Deep Links API 4', paths.deepLinksAPI4),
  deepLinksAPI4New: item('deepLinksAPI4New', 'Deep Links API 4 (New)', paths.deepLinksAPI4New),
  deepLinksAPI5: item('deepLinksAPI5', 'Deep Links API 5', paths.deepLinksAPI5),
  deepLinksSamsAndKohls: item('deepLinksSamsAndKohls', 'Deep Links API - Sams & Kohls', paths.deepLinksSamsAndKohls),
  conversionReports2: item('conversionReports2', 'Conversion Reports 2', paths.conversionReports2),
  conversionReports3: item('conversionReports3', 'Conversion Reports 3', paths.conversionReports3),
  conversionReports4: item('conversionReports4', 'Conversion Reports 4', paths.conversionReports4),
  conversionReports5: item('conversionReports5', 'Conversion Reports 5', paths.conversionReports5),
  merchants: item('merchants', 'Merchants', paths.merchants),
  products: item('products', 'Products', paths.products),
  uploadReports: item('uploadReports', 'Upload Reports', paths.uploadReports),
  categories: item('categories', 'Categories', paths.categories),
  vendorsList: item('vendorsList', 'Vendors List', paths.vendorsList),
  reportsList: item('reportsList', 'Reports List', paths.reportsList),
  saveDailyReports: item('saveDailyReports', 'Save Daily Reports', paths.saveDailyReports),
  saveDailyReports2: item('saveDailyReports2', 'Save Daily Reports 2', paths.saveDailyReports2),
  saveDailyReports3: item('saveDailyReports3', 'Save Daily Reports 3', paths.saveDailyReports3),
  saveDailyReports4: item('saveDailyReports4', 'Save Daily Reports 4', paths.saveDailyReports4),
  saveDailyReports5: item('saveDailyReports5', 'Save Daily Reports 5', paths.saveDailyReports5),
  addCustomDomain: item('addCustomDomain', 'Add Custom Domain', paths.addCustomDomain),
  uniqueTitleFilters: item('uniqueTitleFilters', 'Unique Title Filters', paths.uniqueTitleFilters),
  shortURLDomains: item('shortURLDomains', 'Short URL Domains', paths.shortURLDomains),
  allLogs: item('allLogs', 'All Logs', paths.allLogs),
  apiAccessReports: item('apiAccessReports', 'API Access Reports', paths.apiAccessReports),
  allCoupons: item('allCoupons', 'Coupons', paths.allCoupons),
  allCashback: item('allCashback', 'Cashback', paths.allCashback),
  myAccount: item('myAccount', 'My Account', paths.myAccount),
  changePassword: item('changePassword', 'Change Password', paths.changePassword),
  feedLinks: item('feedLinks', 'Feed Links', paths.links),
  clickDashboard: item('clickDashboard', 'Click Dashboard', paths.clickDashboard),
  yahooDashboard: item('yahooDashboard', 'All Reports (Search Feed)', paths.yahooDashboard),
  mediaDashboard: item('mediaDashboard', 'Media Dashboard', paths.mediaDashboard),
  extensionDashboard: item('extensionDashboard', 'Extension Dashboard', paths.extensionDashboard),
  saveExtensionReports: item('saveExtensionReports', 'Save Extension Reports', paths.saveExtensionReports),
} as const satisfies Record<MenuItemId, MenuItem>;

/** Part 2 §6: what AI-branded users keep. */
const AI_MENU_ITEMS: ReadonlySet<MenuItemId> = new Set<MenuItemId>([
  'dashboard',
  'deepLinksAPI',
  'merchants',
  'conversionReports',
  'myAccount',
  'changePassword',
]);

/**
 * Signed-in routes no menu rule gates: the account pages every user has ("plus account pages") and screens
 * whose access the spec does not state. They are open to every signed-in user.
 */
export const UNGATED_SIGNED_IN_PATHS: readonly string[] = [
  paths.myAccount,
  paths.changePassword,
  paths.myProfile,
  paths.myProfileInfo,
  paths.orderHistory,
  paths.settings,
  paths.links,
  paths.handleClick,
  paths.clickDashboard,
  paths.reportsDashboard,
  // The Merchant/logs screen: any user with a vendorId (part 2 §2, §6); the API scopes its logs to the caller.
  paths.allLogs,
];

/** The menu entry of each deep-link product. */
export const GENERATOR_ITEM_BY_PRODUCT: Readonly<Record<DeepLinkProduct, MenuItem>> = {
  deeplink1: ITEMS.deepLinksAPI,
  deeplink2: ITEMS.deepLinksAPI2,
  deeplink3: ITEMS.deepLinksAPI3,
  deeplink3New: ITEMS.deepLinksAPI3New,
  deeplink4: ITEMS.deepLinksAPI4,
  deeplink4New: ITEMS.deepLinksAPI4New,
  deeplink5: ITEMS.deepLinksAPI5,
  samsAndKohls: ITEMS.deepLinksSamsAndKohls,
};

/**
 * The generator entries of a user, in menu order: exactly the products the contract's `deepLinkRefusal` allows,
 * the rule the API enforces on every generator and download, so the menu, the route guards and the server agree.
 */
function generatorItems(user: MenuUser): MenuItem[] {
  return (Object.keys(GENERATOR_ITEM_BY_PRODUCT) as DeepLinkProduct[])
    .filter((product) => deepLinkRefusal(user, product) === undefined)
    .map((product) => GENERATOR_ITEM_BY_PRODUCT[product]);
}

const CONVERSION_REPORT_BY_DEEPLINK: Readonly<Record<Exclude<DeeplinkKey, 'deeplink1'>, string>> = {
  deeplink2: paths.conversionReports2,
  deeplink3: paths.conversionReports3,
  deeplink4: paths.conversionReports4,
  deeplink5: paths.conversionReports5,
};

/**
 * "Shows unless both cpc and cpa are false" (deeplink1 to 4). The contract makes every flag a required boolean,
 * so "not false" is simply "true" and this equals "cpc or cpa".
 */
export function isDeeplinkEnabled(flags: DeeplinkFlags): boolean {
  return flags.cpc || flags.cpa;
}

/** Deeplink5: "only if cpc or cpa is true", and never for vendor 5029. */
export function isDeeplink5Enabled(user: MenuUser): boolean {
  const flags = user.menu.deeplink5;
  return (flags.cpc || flags.cpa) && user.vendorId !== DEEP_LINK_VENDOR_IDS.admin;
}

export function isAdminUser(user: MenuUser): boolean {
  return user.vendorId === DEEP_LINK_VENDOR_IDS.admin || user.role === 'admin';
}

/** The conversion types a deep link or report screen may offer: CPC iff cpc is not false, CPA likewise. */
export function conversionTypeOptions(menu: Menu, key: DeeplinkKey): ConversionType[] {
  const flags = menu[key];
  const options: ConversionType[] = [];
  if (flags.cpc) options.push('CPC');
  if (flags.cpa) options.push('CPA');
  return options;
}

/**
 * Conversion report screens a vendor's flags allow, deeplink1's first. Conversion report 1 carries no alias:
 * /dashboard and /conversionReports are the Dashboard (part 2 §2), which vendor 5058 must not open (part 2 §6).
 */
function conversionReportItems(user: MenuUser): MenuItem[] {
  const items: MenuItem[] = [];
  if (isDeeplinkEnabled(user.menu.deeplink1)) items.push(ITEMS.conversionReports);
  if (isDeeplinkEnabled(user.menu.deeplink2)) items.push(ITEMS.conversionReports2);
  if (isDeeplinkEnabled(user.menu.deeplink3)) items.push(ITEMS.conversionReports3);
  if (isDeeplinkEnabled(user.menu.deeplink4)) items.push(ITEMS.conversionReports4);
  if (isDeeplink5Enabled(user)) items.push(ITEMS.conversionReports5);
  return items;
}

/** Vendor 5058: the Sams & Kohls generator, the conversion reports and the account pages, nothing else. */
function samsAndKohlsSections(user: MenuUser): MenuSection[] {
  return [
    { id: 'deepLinks', title: 'Deep Links', items: generatorItems(user) },
    { id: 'reports', title: 'Reports', items: conversionReportItems(user) },
  ];
}

function standardSections(user: MenuUser): MenuSection[] {
  const { menu } = user;
  const hasDeeplink1 = isDeeplinkEnabled(menu.deeplink1);
  const overview: MenuItem[] = [];
  const reports: MenuItem[] = [];
  const catalog: MenuItem[] = [];

  if (hasDeeplink1) {
    overview.push(ITEMS.dashboard, ITEMS.conversionReports, ITEMS.qualityReports);
    // Merchants and products hang off deeplink1: they show unless their own flag is false.
    if (menu.merchants) catalog.push(ITEMS.merchants);
    if (menu.products) catalog.push(ITEMS.products);
  }
  // Each deeplink2..5 group brings its conversion report along with its generator (part 2 §6).
  if (isDeeplinkEnabled(menu.deeplink2)) reports.push(ITEMS.conversionReports2);
  if (isDeeplinkEnabled(menu.deeplink3)) reports.push(ITEMS.conversionReports3);
  if (isDeeplinkEnabled(menu.deeplink4)) reports.push(ITEMS.conversionReports4);
  if (isDeeplink5Enabled(user)) reports.push(ITEMS.conversionReports5);
  // The (New) generators go with the vendor, not with the deeplink3/4 flags (the contract's rule): the seeded
  // vendors 5056 and 5057 have one of those entries switched off and still get both.
  const deepLinks = generatorItems(user);

  const sections: MenuSection[] = [
    { id: 'overview', title: 'Overview', items: overview },
    { id: 'deepLinks', title: 'Deep Links', items: deepLinks },
    { id: 'reports', title: 'Reports', items: reports },
    { id: 'catalog', title: 'Catalog', items: catalog },
  ];
  if (isAdminUser(user)) {
    sections.push({
      id: 'admin',
      title: 'Admin',
      items: [
        ITEMS.uploadReports,
        ITEMS.categories,
        ITEMS.vendorsList,
        ITEMS.reportsList,
        ITEMS.saveDailyReports,
        ITEMS.saveDailyReports2,
        ITEMS.saveDailyReports3,
        ITEMS.saveDailyReports4,
        ITEMS.saveDailyReports5,
        ITEMS.addCustomDomain,
        ITEMS.uniqueTitleFilters,
        ITEMS.shortURLDomains,
        ITEMS.allCoupons,
        ITEMS.allCashback,
        // Not in part 2 §6's lists: every signed-in user opens /AllLogs by path (their own logs); the admin's menu
        // offers it, with everyone's. The access report is an admin screen (issue 10) with no other way in.
        ITEMS.allLogs,
        ITEMS.apiAccessReports,
      ],
    });
    // Part 2 §6 gives the feed and extension screens to no one in the menu; they are admin-style pages, so the
    // admin gets entries. The search-feed and extension dashboards show partner-wide revenue, so only the admin may
    // open them; the feed links and click dashboard stay open by path (each vendor sees their own clicks).
    sections.push({
      id: 'feeds',
      title: 'Feeds & Extension',
      items: [
        ITEMS.feedLinks,
        ITEMS.clickDashboard,
        ITEMS.yahooDashboard,
        ITEMS.mediaDashboard,
        ITEMS.extensionDashboard,
        ITEMS.saveExtensionReports,
      ],
    });
  }
  return sections;
}

/**
 * Part 1 §4: deeplink1 on -> /dashboard; otherwise the conversion report of the first of deeplink2..5 that is
 * not switched off; otherwise /MyProfileInfo. Vendor 5058 starts on the Sams & Kohls generator. A candidate the user may not open (the AI menu, vendor 5029 and
 * deeplink5) is skipped so the landing page can never bounce back to itself.
 */
function landingPathFor(user: MenuUser, allowedPaths: ReadonlySet<string>): string {
  const { menu } = user;
  const candidates = isDeeplinkEnabled(menu.deeplink1)
    ? [paths.dashboard]
    : (['deeplink2', 'deeplink3', 'deeplink4', 'deeplink5'] as const)
        .filter((key) => isDeeplinkEnabled(menu[key]))
        .map((key) => CONVERSION_REPORT_BY_DEEPLINK[key]);
  // Vendor 5058 sees neither the dashboard nor the other generators: their one screen is where they start.
  if (user.vendorId === DEEP_LINK_VENDOR_IDS.samsAndKohls) candidates.unshift(paths.deepLinksSamsAndKohls);
  return candidates.find((path) => allowedPaths.has(path)) ?? paths.myProfileInfo;
}

/**
 * The menu engine: every menu rule of part 2 §6 and the login redirect of part 1 §4, as one pure function.
 * The side menu, the route guards and the post-login redirect all read its result.
 */
export function buildMenu(user: MenuUser, options: MenuOptions): BuiltMenu {
  const isAI = user.isPublisherAI || options.isAIHost;
  const isSamsAndKohls = user.vendorId === DEEP_LINK_VENDOR_IDS.samsAndKohls;
  const accountSection: MenuSection = {
    id: 'account',
    title: 'Account',
    items: [ITEMS.myAccount, ITEMS.changePassword],
  };

  const candidateSections = [...(isSamsAndKohls ? samsAndKohlsSections(user) : standardSections(user)), accountSection];
  const sections = candidateSections
    .map((section) =>
      isAI ? { ...section, items: section.items.filter((entry) => AI_MENU_ITEMS.has(entry.id)) } : section,
    )
    .filter((section) => section.items.length > 0);

  const allowedPaths = new Set<string>(UNGATED_SIGNED_IN_PATHS);
  for (const section of sections) {
    for (const entry of section.items) {
      allowedPaths.add(entry.path);
      for (const alias of entry.aliases ?? []) allowedPaths.add(alias);
    }
  }

  return {
    sections,
    allowedPaths,
    landingPath: landingPathFor(user, allowedPaths),
    lockedMerchant: user.vendorId === DEEP_LINK_VENDOR_IDS.nautica ? NAUTICA_MERCHANT : null,
    isAI,
    isAdmin: isAdminUser(user),
  };
}

/** Only routes that exist yet appear in the side menu; later screens light up when they are registered. */
export function visibleSections(builtMenu: BuiltMenu, registeredPaths: ReadonlySet<string>): MenuSection[] {
  return builtMenu.sections
    .map((section) => ({ ...section, items: section.items.filter((entry) => registeredPaths.has(entry.path)) }))
    .filter((section) => section.items.length > 0);
}

/** The landing page if its screen exists yet, else the spec's own final fallback, /MyProfileInfo. */
export function registeredLandingPath(builtMenu: BuiltMenu, registeredPaths: ReadonlySet<string>): string {
  return registeredPaths.has(builtMenu.landingPath) ? builtMenu.landingPath : paths.myProfileInfo;
}
