import type { Menu } from '@publisher/contract';

/** What a vendor who signs up gets: deep links API 1 (CPC and CPA), merchants and products. */
export function defaultMenu(): Menu {
  return {
    merchants: true,
    products: true,
    deeplink1: { cpc: true, cpa: true },
    deeplink2: { cpc: false, cpa: false },
    deeplink3: { cpc: false, cpa: false },
    deeplink4: { cpc: false, cpa: false },
    deeplink5: { cpc: false, cpa: false },
  };
}
