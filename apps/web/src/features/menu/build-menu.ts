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

/** Task sections: what the user came to do, not which deep-link flag let the entry in. */
export type MenuSectionId = 'performance' | 'links' | 'offers' | 'admin' | 'feeds' | 'account';

export interface MenuItem {
  readonly id: MenuItemId;
  /** The spec's entry name, exactly. */
  readonly label: string;
  readonly path: string;
  /**
   * The program or network behind a numbered entry: "Deep Links API 3" alone does not say whose merchants it links
   * to. From the contract's sources (catalog.schema.ts, reports.schema.ts).
   */
  readonly subtitle?: string;
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

const item = (
  id: MenuItemId,
  label: string,
  path: string,
  { aliases, subtitle }: { aliases?: readonly string[]; subtitle?: string } = {},
): MenuItem => ({ id, label, path, ...(aliases ? { aliases } : {}), ...(subtitle ? { subtitle } : {}) });

/**
 * The program behind each deep-link product, in the words a publisher knows it by: not the API's path names
 * (/newdashboard, /doneoftheownou, /shoppermeet), which are internal. Connexity (deep links 1) and Kelkoo
 * (deep links 5) are the networks' public names; the spec names no public program for the other three, so they are
 * named for what the publisher gets from them (docs/SPEC-NOTES.md). One place, for an operator to rename.
 */
export const PROGRAM_NAMES = {
  connexity: 'Connexity Shopping',
  newdashboard: 'Country Merchants',
  doneoftheownou: 'Brand Partners',
  shoppermeet: 'Commission Partners',
  kelkoo: 'Kelkoo',
} as const;
const NETWORK = PROGRAM_NAMES;

const ITEMS = {
  dashboard: item('dashboard', 'Dashboard', paths.dashboard, {
    aliases: [paths.homeAlias, paths.conversionReportsDashboard],
  }),
  conversionReports: item('conversionReports', 'Conversion Reports', paths.conversionReports1, {
    subtitle: `${NETWORK.connexity} earnings`,
  }),
  qualityReports: item('qualityReports', 'Quality Reports', paths.qualityReports, { aliases: [paths.fullDashboard] }),
  deepLinksAPI: item('deepLinksAPI', 'Deep Links API', paths.deepLinksAPI, {
    subtitle: `${NETWORK.connexity} merchants`,
  }),
  deepLinksAPI2: item('deepLinksAPI2', 'Deep Links API 2', paths.deepLinksAPI2, {
    subtitle: `${NETWORK.newdashboard}, CPC and CPA`,
  }),
  deepLinksAPI3: item('deepLinksAPI3', 'Deep Links API 3', paths.deepLinksAPI3, {
    subtitle: `${NETWORK.doneoftheownou} merchants`,
  }),
  deepLinksAPI3New: item('deepLinksAPI3New', 'Deep Links API 3 (New)', paths.deepLinksAPI3New, {
    subtitle: `${NETWORK.doneoftheownou} via Trackier`,
  }),
  deepLinksAPI4: item('deepLinksAPI4', 'Deep Links API 4', paths.deepLinksAPI4, {
    subtitle: `${NETWORK.shoppermeet} merchants`,
  }),
  deepLinksAPI4New: item('deepLinksAPI4New', 'Deep Links API 4 (New)', paths.deepLinksAPI4New, {
    subtitle: `${NETWORK.shoppermeet} via Trackier`,
  }),
  deepLinksAPI5: item('deepLinksAPI5', 'Deep Links API 5', paths.deepLinksAPI5, {
    subtitle: `${NETWORK.kelkoo} merchants, CPC`,
  }),
  deepLinksSamsAndKohls: item('deepLinksSamsAndKohls', 'Deep Links API - Sams & Kohls', paths.deepLinksSamsAndKohls),
  conversionReports2: item('conversionReports2', 'Conversion Reports 2', paths.conversionReports2, {
    subtitle: `${NETWORK.newdashboard} earnings`,
  }),
  conversionReports3: item('conversionReports3', 'Conversion Reports 3', paths.conversionReports3, {
    subtitle: `${NETWORK.doneoftheownou} earnings`,
  }),
  conversionReports4: item('conversionReports4', 'Conversion Reports 4', paths.conversionReports4, {
    subtitle: `${NETWORK.shoppermeet} earnings`,
  }),
  conversionReports5: item('conversionReports5', 'Conversion Reports 5', paths.conversionReports5, {
    subtitle: `${NETWORK.kelkoo} earnings`,
  }),
  merchants: item('merchants', 'Merchants', paths.merchants),
  products: item('products', 'Products', paths.products),
  uploadReports: item('uploadReports', 'Upload Reports', paths.uploadReports),
  categories: item('categories', 'Categories', paths.categories),
  vendorsList: item('vendorsList', 'Vendors List', paths.vendorsList),
  reportsList: item('reportsList', 'Reports List', paths.reportsList),
  saveDailyReports: item('saveDailyReports', 'Save Daily Reports', paths.saveDailyReports, {
    subtitle: NETWORK.connexity,
  }),
  saveDailyReports2: item('saveDailyReports2', 'Save Daily Reports 2', paths.saveDailyReports2, {
    subtitle: NETWORK.newdashboard,
  }),
  saveDailyReports3: item('saveDailyReports3', 'Save Daily Reports 3', paths.saveDailyReports3, {
    subtitle: NETWORK.doneoftheownou,
  }),
  saveDailyReports4: item('saveDailyReports4', 'Save Daily Reports 4', paths.saveDailyReports4, {
    subtitle: NETWORK.shoppermeet,
  }),
  saveDailyReports5: item('saveDailyReports5', 'Save Daily Reports 5', paths.saveDailyReports5, {
    subtitle: NETWORK.kelkoo,
  }),
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
  // Part 1 §1, §6: vendors browse coupons and cashback, access depending on a vendorId (the screens send a user
  // without one to /signIn). Part 2 §6's menu lists them for the admin only, so the menu keeps that rule and other
  // vendors reach them from the Merchants page and the dashboard (docs/SPEC-NOTES.md).
  paths.allCoupons,
  paths.allCashback,
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

/** Section headings; the order of `buildMenu`'s sections is the order of a user's tasks, reading first. */
const SECTION_TITLES: Readonly<Record<MenuSectionId, string>> = {
  performance: 'Performance',
  links: 'Links',
  offers: 'Offers',
  admin: 'Admin',
  feeds: 'Feeds & Extension',
  account: 'Account',
};

/** Vendor 5058: the Sams & Kohls generator, the conversion reports and the account pages, nothing else. */
function samsAndKohlsSections(user: MenuUser): MenuSection[] {
  return [
    { id: 'performance', title: SECTION_TITLES.performance, items: conversionReportItems(user) },
    { id: 'links', title: SECTION_TITLES.links, items: generatorItems(user) },
  ];
}

function standardSections(user: MenuUser): MenuSection[] {
  const { menu } = user;
  const hasDeeplink1 = isDeeplinkEnabled(menu.deeplink1);
  const performance: MenuItem[] = [];
  const offers: MenuItem[] = [];

  if (hasDeeplink1) {
    performance.push(ITEMS.dashboard, ITEMS.conversionReports, ITEMS.qualityReports);
    // Merchants and products hang off deeplink1: they show unless their own flag is false.
    if (menu.merchants) offers.push(ITEMS.merchants);
    if (menu.products) offers.push(ITEMS.products);
  }
  // Each deeplink2..5 group brings its conversion report along with its generator (part 2 §6).
  if (isDeeplinkEnabled(menu.deeplink2)) performance.push(ITEMS.conversionReports2);
  if (isDeeplinkEnabled(menu.deeplink3)) performance.push(ITEMS.conversionReports3);
  if (isDeeplinkEnabled(menu.deeplink4)) performance.push(ITEMS.conversionReports4);
  if (isDeeplink5Enabled(user)) performance.push(ITEMS.conversionReports5);
  // The generators follow the contract's one rule (deepLinkRefusal): the (New) ones go with the vendor, not with
  // the deeplink3/4 flags, so the seeded vendors 5056 and 5057 get both with one of those entries switched off.
  const links = generatorItems(user);
  const isAdmin = isAdminUser(user);
  // The admin's offer screens (part 2 §6) sit with the other offers: it is the same task.
  if (isAdmin) offers.push(ITEMS.categories, ITEMS.allCoupons, ITEMS.allCashback);

  const sections: MenuSection[] = [
    { id: 'performance', title: SECTION_TITLES.performance, items: performance },
    { id: 'links', title: SECTION_TITLES.links, items: links },
    { id: 'offers', title: SECTION_TITLES.offers, items: offers },
  ];
  if (isAdmin) {
    sections.push({
      id: 'admin',
      title: SECTION_TITLES.admin,
      items: [
        ITEMS.uploadReports,
        ITEMS.saveDailyReports,
        ITEMS.saveDailyReports2,
        ITEMS.saveDailyReports3,
        ITEMS.saveDailyReports4,
        ITEMS.saveDailyReports5,
        ITEMS.vendorsList,
        ITEMS.reportsList,
        // Not in part 2 §6's list, but admin screens (issue 10) with no other way in.
        ITEMS.apiAccessReports,
        ITEMS.allLogs,
        ITEMS.addCustomDomain,
        ITEMS.uniqueTitleFilters,
        ITEMS.shortURLDomains,
      ],
    });
    // Part 2 §6 gives the feed and extension screens to no one in the menu; they are admin-style pages, so the
    // admin gets entries. The search-feed and extension dashboards show partner-wide revenue, so only the admin may
    // open them; the feed links and click dashboard stay open by path (each vendor sees their own clicks).
    sections.push({
      id: 'feeds',
      title: SECTION_TITLES.feeds,
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
    title: SECTION_TITLES.account,
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
