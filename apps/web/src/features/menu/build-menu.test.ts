import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { buildUser } from '@publisher/contract/testing';
import { DEEP_LINK_PRODUCTS, deepLinkRefusal } from '@publisher/contract';
import {
  GENERATOR_ITEM_BY_PRODUCT,
  buildMenu,
  conversionTypeOptions,
  registeredLandingPath,
  visibleSections,
  type BuiltMenu,
} from './build-menu';

const off = { cpc: false, cpa: false };
const on = { cpc: true, cpa: true };
const regularHost = { isAIHost: false };

const labelsOf = (menu: BuiltMenu): string[] =>
  menu.sections.flatMap((section) => section.items.map((entry) => entry.label));
const pathsOf = (menu: BuiltMenu): string[] =>
  menu.sections.flatMap((section) => section.items.map((entry) => entry.path));

describe('buildMenu: deeplink1 group', () => {
  it('shows Dashboard, Deep Links API, Quality Reports and Conversion Reports when deeplink1 has a flag on', () => {
    const menu = buildMenu(buildUser({ menu: { deeplink1: { cpc: false, cpa: true } } }), regularHost);
    expect(labelsOf(menu)).toEqual(
      expect.arrayContaining(['Dashboard', 'Deep Links API', 'Quality Reports', 'Conversion Reports']),
    );
    expect(menu.allowedPaths.has(paths.deepLinksAPI)).toBe(true);
    expect(menu.allowedPaths.has(paths.fullDashboard)).toBe(true);
  });

  it('hides the whole group, merchants and products when deeplink1 has both flags false', () => {
    const menu = buildMenu(buildUser({ menu: { deeplink1: off } }), regularHost);
    expect(labelsOf(menu)).not.toEqual(expect.arrayContaining(['Dashboard']));
    for (const path of [
      paths.dashboard,
      paths.deepLinksAPI,
      paths.qualityReports,
      paths.conversionReports1,
      paths.conversionReportsDashboard,
      paths.merchants,
      paths.products,
    ]) {
      expect(menu.allowedPaths.has(path)).toBe(false);
    }
  });
});

describe('buildMenu: deeplink2, 3 and 4', () => {
  it.each([
    ['deeplink2', paths.deepLinksAPI2, paths.conversionReports2],
    ['deeplink3', paths.deepLinksAPI3, paths.conversionReports3],
    ['deeplink4', paths.deepLinksAPI4, paths.conversionReports4],
  ] as const)(
    '%s shows its deep link page and conversion report unless both flags are false',
    (key, deepLinkPath, reportPath) => {
      const shown = buildMenu(buildUser({ menu: { [key]: { cpc: true, cpa: false } } }), regularHost);
      expect(pathsOf(shown)).toEqual(expect.arrayContaining([deepLinkPath, reportPath]));

      const hidden = buildMenu(buildUser({ menu: { [key]: off } }), regularHost);
      expect(hidden.allowedPaths.has(deepLinkPath)).toBe(false);
      expect(hidden.allowedPaths.has(reportPath)).toBe(false);
    },
  );
});

describe('buildMenu: deeplink5', () => {
  it('shows only when cpc or cpa is true', () => {
    const shown = buildMenu(buildUser({ menu: { deeplink5: { cpc: false, cpa: true } } }), regularHost);
    expect(pathsOf(shown)).toEqual(expect.arrayContaining([paths.deepLinksAPI5, paths.conversionReports5]));

    const hidden = buildMenu(buildUser({ menu: { deeplink5: off } }), regularHost);
    expect(hidden.allowedPaths.has(paths.deepLinksAPI5)).toBe(false);
  });

  it('never shows for vendor 5029, even with both flags on', () => {
    const menu = buildMenu(buildUser({ vendorId: 5029, role: 'admin', menu: { deeplink5: on } }), regularHost);
    expect(menu.allowedPaths.has(paths.deepLinksAPI5)).toBe(false);
    expect(menu.allowedPaths.has(paths.conversionReports5)).toBe(false);
  });
});

describe('buildMenu: merchants and products', () => {
  it('show unless their flag is false', () => {
    const both = buildMenu(buildUser(), regularHost);
    expect(labelsOf(both)).toEqual(expect.arrayContaining(['Merchants', 'Products']));

    const noMerchants = buildMenu(buildUser({ menu: { merchants: false } }), regularHost);
    expect(noMerchants.allowedPaths.has(paths.merchants)).toBe(false);
    expect(noMerchants.allowedPaths.has(paths.products)).toBe(true);

    const noProducts = buildMenu(buildUser({ menu: { products: false } }), regularHost);
    expect(noProducts.allowedPaths.has(paths.products)).toBe(false);
    expect(noProducts.allowedPaths.has(paths.merchants)).toBe(true);
  });

  it('need deeplink1 to be allowed', () => {
    const menu = buildMenu(
      buildUser({ menu: { deeplink1: off, deeplink2: on, merchants: true, products: true } }),
      regularHost,
    );
    expect(menu.allowedPaths.has(paths.merchants)).toBe(false);
    expect(menu.allowedPaths.has(paths.products)).toBe(false);
  });
});

describe('buildMenu: special vendors', () => {
  it('locks vendor 5036 to Nautica and still gives the normal menu', () => {
    const nautica = buildMenu(buildUser({ vendorId: 5036 }), regularHost);
    expect(nautica.lockedMerchant).toBe('Nautica');
    expect(labelsOf(nautica)).toEqual(labelsOf(buildMenu(buildUser({ vendorId: 6001 }), regularHost)));
    expect(buildMenu(buildUser({ vendorId: 6001 }), regularHost).lockedMerchant).toBeNull();
  });

  it('gives vendor 5058 only the Sams & Kohls deep links, conversion reports and account pages', () => {
    const menu = buildMenu(buildUser({ vendorId: 5058, menu: { deeplink2: on, deeplink5: on } }), regularHost);
    expect(labelsOf(menu)).toEqual([
      'Conversion Reports',
      'Conversion Reports 2',
      'Conversion Reports 5',
      'Deep Links API - Sams & Kohls',
      'My Account',
      'Change Password',
    ]);
    expect(menu.allowedPaths.has(paths.conversionReports1)).toBe(true);
    for (const path of [
      paths.dashboard,
      paths.homeAlias,
      paths.conversionReportsDashboard,
      paths.deepLinksAPI,
      paths.deepLinksAPI2,
      paths.merchants,
      paths.products,
      paths.qualityReports,
    ]) {
      expect(menu.allowedPaths.has(path)).toBe(false);
    }
    expect(menu.allowedPaths.has(menu.landingPath)).toBe(true);
  });

  it('lands vendor 5058 on the Sams & Kohls generator', () => {
    expect(buildMenu(buildUser({ vendorId: 5058 }), regularHost).landingPath).toBe(paths.deepLinksSamsAndKohls);
    expect(
      buildMenu(buildUser({ vendorId: 5058, menu: { deeplink1: { cpc: false, cpa: false } } }), regularHost)
        .landingPath,
    ).toBe(paths.deepLinksSamsAndKohls);
  });

  it.each([5029, 5040, 5056, 5057])('gives vendor %i Deep Links API 3 (New) and 4 (New)', (vendorId) => {
    const menu = buildMenu(buildUser({ vendorId, menu: { deeplink3: off, deeplink4: off } }), regularHost);
    expect(labelsOf(menu)).toEqual(expect.arrayContaining(['Deep Links API 3 (New)', 'Deep Links API 4 (New)']));
    expect(menu.allowedPaths.has(paths.deepLinksAPI3New)).toBe(true);
    expect(menu.allowedPaths.has(paths.deepLinksAPI4New)).toBe(true);
  });

  it('does not give other vendors the (New) deep links', () => {
    const menu = buildMenu(buildUser({ vendorId: 5001, menu: { deeplink3: on, deeplink4: on } }), regularHost);
    expect(menu.allowedPaths.has(paths.deepLinksAPI3New)).toBe(false);
    expect(menu.allowedPaths.has(paths.deepLinksAPI4New)).toBe(false);
  });
});

describe('buildMenu: admin pages', () => {
  const adminPaths = [
    paths.uploadReports,
    paths.categories,
    paths.vendorsList,
    paths.reportsList,
    paths.saveDailyReports,
    paths.saveDailyReports2,
    paths.saveDailyReports3,
    paths.saveDailyReports4,
    paths.saveDailyReports5,
    paths.addCustomDomain,
    paths.uniqueTitleFilters,
    paths.shortURLDomains,
    paths.allCoupons,
    paths.allCashback,
    paths.allLogs,
    paths.apiAccessReports,
  ];

  it('gives vendor 5029 every admin page: the offer screens under Offers, the rest under Admin', () => {
    const menu = buildMenu(buildUser({ vendorId: 5029 }), regularHost);
    expect(menu.isAdmin).toBe(true);
    const pathsIn = (id: string) =>
      menu.sections.find((section) => section.id === id)?.items.map((entry) => entry.path) ?? [];
    expect(pathsIn('offers')).toEqual([
      paths.merchants,
      paths.products,
      paths.categories,
      paths.allCoupons,
      paths.allCashback,
    ]);
    expect([...pathsIn('admin'), paths.categories, paths.allCoupons, paths.allCashback].sort()).toEqual(
      [...adminPaths].sort(),
    );
  });

  it('gives a user whose role is admin the admin pages too', () => {
    const menu = buildMenu(buildUser({ vendorId: 7001, role: 'admin' }), regularHost);
    for (const path of adminPaths) expect(menu.allowedPaths.has(path)).toBe(true);
  });

  it('gives ordinary vendors none of them, but /AllLogs, /allCoupons and /AllCashback by path (part 1 §6, part 2 §2)', () => {
    const byPath: string[] = [paths.allLogs, paths.allCoupons, paths.allCashback];
    const menu = buildMenu(buildUser({ vendorId: 5001 }), regularHost);
    for (const path of adminPaths) expect(menu.allowedPaths.has(path), path).toBe(byPath.includes(path));
    // The menu keeps part 2 §6's rule: these are not menu entries for a vendor.
    for (const path of byPath) expect(pathsOf(menu)).not.toContain(path);
    for (const vendorId of [5058, 5070, 5080]) {
      const other = buildMenu(buildUser({ vendorId }), { isAIHost: vendorId === 5080 });
      for (const path of byPath) expect(other.allowedPaths.has(path), `${String(vendorId)} ${path}`).toBe(true);
    }
  });
});

describe('buildMenu: feed screens', () => {
  it('gives the admin a Feeds section; other vendors open the feed screens by path only', () => {
    const admin = buildMenu(buildUser({ vendorId: 5029 }), regularHost);
    expect(admin.sections.find((section) => section.id === 'feeds')?.items.map((entry) => entry.path)).toEqual([
      paths.links,
      paths.clickDashboard,
      paths.yahooDashboard,
      paths.mediaDashboard,
      paths.extensionDashboard,
      paths.saveExtensionReports,
    ]);
    const vendor = buildMenu(buildUser({ vendorId: 5001 }), regularHost);
    expect(vendor.sections.some((section) => section.id === 'feeds')).toBe(false);
    expect(vendor.allowedPaths.has(paths.clickDashboard)).toBe(true);
    expect(vendor.allowedPaths.has(paths.links)).toBe(true);
    expect(vendor.allowedPaths.has(paths.saveExtensionReports)).toBe(false);
    // Partner-wide revenue: the guard refuses what the menu does not offer.
    for (const path of [paths.yahooDashboard, paths.mediaDashboard, paths.extensionDashboard]) {
      expect(vendor.allowedPaths.has(path)).toBe(false);
      expect(admin.allowedPaths.has(path)).toBe(true);
    }
  });
});

describe('buildMenu: account pages', () => {
  it('gives every user My Account and Change Password, even with every flag off', () => {
    const menu = buildMenu(buildUser({ menu: { deeplink1: off, merchants: false, products: false } }), regularHost);
    expect(labelsOf(menu)).toEqual(['My Account', 'Change Password']);
    expect(menu.allowedPaths.has(paths.myProfileInfo)).toBe(true);
  });
});

describe('buildMenu: AI brand', () => {
  const reduced = ['Dashboard', 'Conversion Reports', 'Deep Links API', 'Merchants', 'My Account', 'Change Password'];

  it('reduces the menu for a user flagged isPublisherAI', () => {
    const menu = buildMenu(buildUser({ isPublisherAI: true, menu: { deeplink2: on, deeplink5: on } }), regularHost);
    expect(menu.isAI).toBe(true);
    expect(labelsOf(menu)).toEqual(reduced);
  });

  it('reduces the menu on an AI-brand host, even for an admin', () => {
    const menu = buildMenu(buildUser({ vendorId: 5029, role: 'admin' }), { isAIHost: true });
    expect(labelsOf(menu)).toEqual(reduced);
    expect(menu.allowedPaths.has(paths.uploadReports)).toBe(false);
  });
});

describe('buildMenu: landing path (part 1 §4)', () => {
  it('is /dashboard when deeplink1 is not both false', () => {
    expect(buildMenu(buildUser({ menu: { deeplink1: { cpc: true, cpa: false } } }), regularHost).landingPath).toBe(
      paths.dashboard,
    );
  });

  it('is the first enabled of conversion reports 2 to 5 when deeplink1 is off', () => {
    const user = buildUser({ menu: { deeplink1: off, deeplink3: { cpc: false, cpa: true }, deeplink4: on } });
    expect(buildMenu(user, regularHost).landingPath).toBe(paths.conversionReports3);
    expect(buildMenu(buildUser({ menu: { deeplink1: off, deeplink2: on } }), regularHost).landingPath).toBe(
      paths.conversionReports2,
    );
    expect(buildMenu(buildUser({ menu: { deeplink1: off, deeplink5: on } }), regularHost).landingPath).toBe(
      paths.conversionReports5,
    );
  });

  it('is /MyProfileInfo when every deeplink is off', () => {
    expect(buildMenu(buildUser({ menu: { deeplink1: off } }), regularHost).landingPath).toBe(paths.myProfileInfo);
  });

  it('skips a report the user may not open (vendor 5029 and deeplink5)', () => {
    const user = buildUser({ vendorId: 5029, role: 'admin', menu: { deeplink1: off, deeplink5: on } });
    expect(buildMenu(user, regularHost).landingPath).toBe(paths.myProfileInfo);
  });
});

describe('conversionTypeOptions', () => {
  it('offers CPC only if cpc is not false and CPA only if cpa is not false', () => {
    const menu = buildUser({
      menu: {
        deeplink1: on,
        deeplink2: { cpc: true, cpa: false },
        deeplink3: { cpc: false, cpa: true },
        deeplink4: off,
      },
    }).menu;
    expect(conversionTypeOptions(menu, 'deeplink1')).toEqual(['CPC', 'CPA']);
    expect(conversionTypeOptions(menu, 'deeplink2')).toEqual(['CPC']);
    expect(conversionTypeOptions(menu, 'deeplink3')).toEqual(['CPA']);
    expect(conversionTypeOptions(menu, 'deeplink4')).toEqual([]);
  });
});

describe('report screens of a switched-off entry', () => {
  // RequireAuth sends a path missing from allowedPaths to the landing page; the report screens rely on that alone.
  it('are not allowed when their entry has both flags false', () => {
    const user = buildUser({ menu: { deeplink3: off, deeplink4: { cpc: true, cpa: false } } });
    const menu = buildMenu(user, regularHost);
    expect(menu.allowedPaths.has(paths.conversionReports3)).toBe(false);
    expect(menu.allowedPaths.has(paths.conversionReports4)).toBe(true);

    const noDeeplink1 = buildMenu(buildUser({ menu: { deeplink1: off } }), regularHost);
    for (const path of [paths.conversionReports1, paths.qualityReports, paths.fullDashboard]) {
      expect(noDeeplink1.allowedPaths.has(path)).toBe(false);
    }
  });

  it('apply the stricter deeplink5 rule to conversion report 5', () => {
    const admin = buildUser({ vendorId: 5029, role: 'admin', menu: { deeplink5: on } });
    expect(buildMenu(admin, regularHost).allowedPaths.has(paths.conversionReports5)).toBe(false);
  });
});

describe('registered routes', () => {
  const user = buildUser();
  const menu = buildMenu(user, regularHost);

  it('shows only items whose route is registered', () => {
    const sections = visibleSections(menu, new Set([paths.myAccount, paths.changePassword, paths.merchants]));
    expect(sections.map((section) => section.id)).toEqual(['offers', 'account']);
    expect(sections.flatMap((section) => section.items.map((entry) => entry.label))).toEqual([
      'Merchants',
      'My Account',
      'Change Password',
    ]);
  });

  it('lands on /MyProfileInfo until the landing screen is registered', () => {
    expect(registeredLandingPath(menu, new Set([paths.myProfileInfo]))).toBe(paths.myProfileInfo);
    expect(registeredLandingPath(menu, new Set([paths.myProfileInfo, paths.dashboard]))).toBe(paths.dashboard);
  });
});

describe('buildMenu: task sections and subtitles', () => {
  it("groups the admin's 38 entries by task, labels and routes as the spec writes them", () => {
    const menu = buildMenu(
      buildUser({
        vendorId: 5029,
        role: 'admin',
        menu: { deeplink2: on, deeplink3: on, deeplink4: on, deeplink5: on },
      }),
      regularHost,
    );
    expect(menu.sections.map((section) => section.title)).toEqual([
      'Performance',
      'Links',
      'Offers',
      'Admin',
      'Feeds & Extension',
      'Account',
    ]);
    expect(menu.sections.flatMap((section) => section.items)).toHaveLength(38);
    expect(menu.sections.find((section) => section.id === 'performance')?.items.map((entry) => entry.label)).toEqual([
      'Dashboard',
      'Conversion Reports',
      'Quality Reports',
      'Conversion Reports 2',
      'Conversion Reports 3',
      'Conversion Reports 4',
    ]);
  });

  it('names the program of every numbered entry in its subtitle, in its public name, never an API path name', () => {
    const admin = buildMenu(
      buildUser({ vendorId: 5029, menu: { deeplink2: on, deeplink3: on, deeplink4: on, deeplink5: on } }),
      regularHost,
    );
    const menu = buildMenu(
      buildUser({ vendorId: 5040, menu: { deeplink2: on, deeplink3: on, deeplink4: on, deeplink5: on } }),
      regularHost,
    );
    const subtitles = Object.fromEntries(
      menu.sections.flatMap((section) => section.items.map((entry) => [entry.label, entry.subtitle])),
    );
    expect(subtitles).toMatchObject({
      'Deep Links API': 'Connexity Shopping merchants',
      'Deep Links API 2': 'Country Merchants, CPC and CPA',
      'Deep Links API 3': 'Brand Partners merchants',
      'Deep Links API 3 (New)': 'Brand Partners via Trackier',
      'Deep Links API 4': 'Commission Partners merchants',
      'Deep Links API 4 (New)': 'Commission Partners via Trackier',
      'Deep Links API 5': 'Kelkoo merchants, CPC',
      'Conversion Reports': 'Connexity Shopping earnings',
      'Conversion Reports 2': 'Country Merchants earnings',
      'Conversion Reports 3': 'Brand Partners earnings',
      'Conversion Reports 4': 'Commission Partners earnings',
      'Conversion Reports 5': 'Kelkoo earnings',
    });
    const numbered = menu.sections.flatMap((section) => section.items).filter((entry) => /\d/.test(entry.label));
    expect(numbered.filter((entry) => !entry.subtitle)).toEqual([]);
    const every = [...menu.sections, ...admin.sections].flatMap((section) => section.items);
    for (const entry of every) {
      expect(entry.subtitle ?? '', entry.label).not.toMatch(/newdashboard|doneoftheownou|shoppermeet/i);
    }
  });

  it('gives vendor 5058 the Sams & Kohls generator under Links and the reports under Performance', () => {
    const menu = buildMenu(buildUser({ vendorId: 5058 }), regularHost);
    expect(menu.sections.map((section) => [section.title, section.items.map((entry) => entry.label)])).toEqual([
      ['Performance', ['Conversion Reports']],
      ['Links', ['Deep Links API - Sams & Kohls']],
      ['Account', ['My Account', 'Change Password']],
    ]);
  });
});

describe('deep-link entries and the contract rule the API enforces', () => {
  const FLAG_STATES = [off, { cpc: true, cpa: false }, { cpc: false, cpa: true }, on] as const;
  const KEYS = ['deeplink1', 'deeplink2', 'deeplink3', 'deeplink4', 'deeplink5'] as const;
  /** A regular vendor, the admin, Nautica's, a New-variant vendor and Sams & Kohls'. */
  const VENDOR_IDS = [6001, 5029, 5036, 5040, 5058];

  /** Every assignment of the four flag states to the five deeplink entries (4^5 = 1024). */
  function* everyMenu(): Generator<Record<(typeof KEYS)[number], { cpc: boolean; cpa: boolean }>> {
    for (let code = 0; code < FLAG_STATES.length ** KEYS.length; code += 1) {
      const entries = KEYS.map((key, index) => {
        const state = FLAG_STATES[Math.floor(code / FLAG_STATES.length ** index) % FLAG_STATES.length] ?? off;
        return [key, state] as const;
      });
      yield Object.fromEntries(entries) as Record<(typeof KEYS)[number], { cpc: boolean; cpa: boolean }>;
    }
  }

  it('offers a generator (menu entry and route) exactly when deepLinkRefusal allows it, over every flag combination', () => {
    let checked = 0;
    for (const flags of everyMenu()) {
      for (const vendorId of VENDOR_IDS) {
        for (const isPublisherAI of [false, true]) {
          const user = buildUser({ vendorId, isPublisherAI, menu: flags });
          const menu = buildMenu(user, regularHost);
          for (const product of DEEP_LINK_PRODUCTS) {
            const entry = GENERATOR_ITEM_BY_PRODUCT[product];
            const isAllowed = deepLinkRefusal(user, product) === undefined;
            if (pathsOf(menu).includes(entry.path) !== isAllowed || menu.allowedPaths.has(entry.path) !== isAllowed) {
              throw new Error(
                `${product} for ${vendorId} ${JSON.stringify(flags)} AI=${isPublisherAI}: menu disagrees`,
              );
            }
          }
          // The types a generator screen offers are the types the API accepts for it.
          if (vendorId !== 5058 && !isPublisherAI) {
            for (const key of ['deeplink1', 'deeplink2', 'deeplink3', 'deeplink4'] as const) {
              if (deepLinkRefusal(user, key) !== undefined) continue;
              const accepted = (['CPC', 'CPA'] as const).filter(
                (type) => deepLinkRefusal(user, key, type) === undefined,
              );
              expect(conversionTypeOptions(user.menu, key)).toEqual(accepted);
            }
          }
          checked += 1;
        }
      }
    }
    expect(checked).toBe(1024 * VENDOR_IDS.length * 2);
  });
});
