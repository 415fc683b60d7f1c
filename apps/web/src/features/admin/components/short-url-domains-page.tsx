import { addShortUrlDomainBodySchema, type ShortUrlDomain } from '@publisher/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useAddShortUrlDomain } from '../api/use-add-short-url-domain';
import { useDeleteShortUrlDomain } from '../api/use-delete-short-url-domain';
import { useShortUrlDomains } from '../api/use-short-url-domains';
import { useVendorChoices } from '../lib/use-vendor-choices';
import { ManagedList } from './managed-list';

const resolver = zodResolver(addShortUrlDomainBodySchema);

/** `/shortURLDomains`, Short URL Domains (part 2 §2): the hosts a vendor's short links are issued on. */
export function ShortUrlDomainsPage() {
  const domains = useShortUrlDomains();
  const add = useAddShortUrlDomain();
  const vendorChoices = useVendorChoices();
  const remove = useDeleteShortUrlDomain();
  return (
    <ManagedList<ShortUrlDomain, { name: string; vendorId?: unknown }, { name: string; vendorId: number }>
      title="Short URL Domains"
      description="Hosts the link shortener may issue a vendor's short links on."
      listTitle="Existing Short URL Domains"
      addLabel="Add New Short URL Domain"
      fields={[
        { name: 'name', label: 'Domain Name', placeholder: 'go.example.com', isRequired: true },
        { name: 'vendorId', label: 'Vendor Id', isRequired: true, choices: vendorChoices },
      ]}
      defaultValues={{ name: '', vendorId: '' }}
      resolver={resolver}
      items={domains.data?.body.data ?? []}
      isLoading={domains.isPending}
      loadError={domains.error}
      onRetry={() => void domains.refetch()}
      isRetrying={domains.isFetching}
      itemKey={(domain) => domain._id}
      itemText={(domain) => `${domain.vendorId} - ${domain.name}`}
      itemName={(domain) => domain.name}
      onAdd={async (values) => (await add.mutateAsync({ body: values })).body.statusMessages[0] ?? 'Added.'}
      onDelete={async (domain) =>
        (await remove.mutateAsync({ body: { _id: domain._id } })).body.statusMessages[0] ?? 'Deleted.'
      }
    />
  );
}
