import { addDomainBodySchema, type CustomDomain } from '@publisher/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useAddCustomDomain } from '../api/use-add-custom-domain';
import { useCustomDomains } from '../api/use-custom-domains';
import { useDeleteCustomDomain } from '../api/use-delete-custom-domain';
import { useVendorChoices } from '../lib/use-vendor-choices';
import { ManagedList } from './managed-list';

const resolver = zodResolver(addDomainBodySchema);

/** `/addCustomDomain`, Custom Domains (part 2 §2): a vendor's white-label hosts, each verified when the web loads. */
export function CustomDomainsPage() {
  const domains = useCustomDomains();
  const add = useAddCustomDomain();
  const vendorChoices = useVendorChoices();
  const remove = useDeleteCustomDomain();
  return (
    <ManagedList<CustomDomain, { name: string; vendorId?: unknown }, { name: string; vendorId: number }>
      title="Custom Domains"
      description="White-label hosts: the portal loads on them with the vendor's name in the header."
      listTitle="Existing Custom Domains"
      addLabel="Add New Custom Domain"
      fields={[
        { name: 'name', label: 'Domain Name', placeholder: 'portal.example.com', isRequired: true },
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
