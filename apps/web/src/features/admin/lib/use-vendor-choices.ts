import { ADMIN_LIST_MAX_PAGE_SIZE, type VendorListRow } from '@publisher/contract';
import { useState } from 'react';
import type { SelectOption } from '../../../components/ui/select';
import { formatCount } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
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
 * the route allows, newest first; what the admin types searches every account on the server (name, email or
 * vendorId), so a vendor older than that page is found too.
 */
export function useVendorChoices(): FieldChoices {
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query.trim());
  const vendors = useAllVendors(1, ADMIN_LIST_MAX_PAGE_SIZE, search);
  const rows = vendors.data?.body.data ?? [];
  const total = vendors.data?.body.totalRecords ?? 0;
  const isFirstLoad = vendors.isPending && search === '';
  // Until the server has answered what is typed, the last answer narrowed by its labels: the list follows each key.
  const typed = query.trim().toLowerCase();
  const isSearching = query.trim() !== search || vendors.isFetching;
  const options = vendorOptions(rows);
  return {
    options: isSearching ? options.filter((option) => option.label.toLowerCase().includes(typed)) : options,
    isLoading: isFirstLoad,
    error: vendors.error,
    onRetry: () => void vendors.refetch(),
    isRetrying: vendors.isFetching,
    onQueryChange: setQuery,
    hint:
      total > rows.length
        ? search === ''
          ? `The newest ${formatCount(rows.length)} of ${formatCount(total)} vendors are listed: type a name, email or id to find any other.`
          : `${formatCount(rows.length)} of ${formatCount(total)} matching vendors are listed: keep typing to narrow them.`
        : undefined,
    placeholder: 'Type a vendor name, email or id',
    noMatchesMessage: isSearching ? 'Searching…' : 'No vendor matches',
  };
}
