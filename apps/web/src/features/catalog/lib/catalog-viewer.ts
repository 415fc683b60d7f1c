/**
 * Who is browsing the catalog. The app shell hands it to the screens (from the session and the menu engine), so
 * this feature never imports the auth or menu features.
 */
export interface CatalogViewer {
  /** The vendor ID: the campaign id of copied links and the first part of their sub id. */
  vendorId: number;
  /** The one merchant this vendor is locked to (part 2 §6: 5036 sees only Nautica), or null. */
  lockedMerchant: string | null;
  /**
   * The deep-link generator this vendor's menu opens for a catalog merchant (Deep Links API, which takes
   * `?merchant=Name`), or null when the menu does not offer it: merchant cards then have no "Get link".
   */
  linkGeneratorPath: string | null;
}
