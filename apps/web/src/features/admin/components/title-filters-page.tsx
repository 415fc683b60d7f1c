import { addTitleFilterBodySchema, type TitleFilter } from '@publisher/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useAddTitleFilter } from '../api/use-add-title-filter';
import { useDeleteTitleFilter } from '../api/use-delete-title-filter';
import { useTitleFilters } from '../api/use-title-filters';
import { ManagedList } from './managed-list';

const resolver = zodResolver(addTitleFilterBodySchema);

/**
 * `/uniqueTitleFilters`, Unique Title Filters (part 2 §2): products whose title contains a filter text are left
 * out of product lists, for every vendor or only the one named.
 */
export function TitleFiltersPage() {
  const filters = useTitleFilters();
  const add = useAddTitleFilter();
  const remove = useDeleteTitleFilter();
  return (
    <ManagedList<TitleFilter, { filter: string; campaign_id?: unknown }, { filter: string; campaign_id?: number }>
      title="Unique Title Filters"
      description="Products whose title contains one of these texts are hidden from product lists."
      listTitle="Existing Sizes Titles list"
      addLabel="Add New Title Filter"
      fields={[
        { name: 'filter', label: 'Filter Text', placeholder: 'e.g. size chart', isRequired: true },
        {
          name: 'campaign_id',
          label: 'Vendor Id (optional)',
          placeholder: 'Every vendor',
          isRequired: false,
          inputMode: 'numeric',
        },
      ]}
      defaultValues={{ filter: '', campaign_id: '' }}
      resolver={resolver}
      items={filters.data?.body.data ?? []}
      isLoading={filters.isPending}
      loadError={filters.error}
      onRetry={() => void filters.refetch()}
      isRetrying={filters.isFetching}
      itemKey={(filter) => filter._id}
      itemText={(filter) => (
        <>
          {filter.filter}
          <span className="ml-2 text-slate-600">
            {filter.campaign_id === null ? '(every vendor)' : `(vendor ${filter.campaign_id})`}
          </span>
        </>
      )}
      itemName={(filter) => filter.filter}
      onAdd={async (values) => (await add.mutateAsync({ body: values })).body.statusMessages[0] ?? 'Added.'}
      onDelete={async (filter) =>
        (await remove.mutateAsync({ body: { _id: filter._id } })).body.statusMessages[0] ?? 'Deleted.'
      }
    />
  );
}
