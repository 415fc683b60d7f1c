import { ADMIN_LIST_MAX_PAGE_SIZE, type VendorListRow } from '@publisher/contract';
import type { SelectOption } from '../../../components/ui/select';
import { formatCount } from '../../../lib/format';
import { useAllVendors } from '../api/use-all-vendors';
import type { FieldChoices } from '../components/managed-list';

/** A vendor as the picker lists it: the name people know, then the id the form sends ("Maya Patel (5001)"). */
export const vendorChoiceLabel = (vendor: Pick<VendorListRow, 'fullName' | 'vendorId'>) =>
  `${vendor.fullName.trim() || 'Unnamed vendor'} (${String(vendor.vendorId)})`;

/** The vendors by name (then id), each choice's value the vendorId as the form field holds it. */
export function vendorOptions(vendors: readonly VendorListRow[]): SelectOption[] {
  return [...vendors]
    .sort((a, b) => a.fullName.localeCompare(b.fullName) || a.vendorId - b.vendorId)
    .map((vendor) => ({ value: String(vendor.vendorId), label: vendorChoiceLabel(vendor) }));
}

/**
 * The Vendor Id picker's choices: the admin's vendor list (GET /home/getAllVendors), one page of the largest size
 * the route allows. Past that many accounts the newest are listed and the hint says so.
 */
export function useVendorChoices(): FieldChoices {
  const vendors = useAllVendors(1, ADMIN_LIST_MAX_PAGE_SIZE);
  const rows = vendors.data?.body.data ?? [];
  const total = vendors.data?.body.totalRecords ?? 0;
  return {
    options: vendorOptions(rows),
    isLoading: vendors.isPending,
    error: vendors.error,
    onRetry: () => void vendors.refetch(),
    isRetrying: vendors.isFetching,
    hint:
      total > rows.length
        ? `The newest ${formatCount(rows.length)} of ${formatCount(total)} vendors are listed.`
        : undefined,
    placeholder: 'Type a vendor name or id',
    noMatchesMessage: 'No vendor matches',
  };
}
