import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_LIMITS, updateAccountBodySchema, type UpdateAccountBody, type User } from '@publisher/contract';
import { useState, type ChangeEvent } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DetailList } from '../../../components/ui/detail-list';
import { FormError } from '../../../components/ui/form-error';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { useToast } from '../../../components/ui/toast-provider';
import { paths } from '../../../config/paths';
import { errorMessageOf } from '../../../lib/api-error';
import { copyText } from '../../../lib/clipboard';
import { keepDigits, useSubmitOnce } from '../../../lib/form';
import { useUpdateAccount } from '../api/use-update-account';
import { useAuth } from './auth-provider';

type ProfileSection = 'profile' | 'addresses' | 'business';

const SECTIONS: readonly { id: ProfileSection; label: string }[] = [
  { id: 'profile', label: 'Profile Information' },
  { id: 'addresses', label: 'Manage Addresses' },
  { id: 'business', label: 'Business Information' },
];

/** /MyProfileInfo (part 1 §2 "Profile page"): a greeting, the account sidebar and the chosen section. */
export function ProfileInfoPage() {
  const { user, signOut } = useAuth();
  const [section, setSection] = useState<ProfileSection>('profile');

  if (!user) return null;

  const navItemClasses = (isActive: boolean) =>
    `block w-full rounded-lg px-3 py-2 text-left text-sm font-medium transition ${
      isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-700 hover:bg-slate-100'
    }`;

  return (
    <div className="max-w-5xl space-y-6">
      <PageHeader title={`Hello, ${user.data.firstName} ${user.data.lastName}`} />
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[16rem_1fr]">
        <nav aria-label="Profile" className="space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <Link to={paths.orderHistory} className={navItemClasses(false)}>
            My Orders
          </Link>
          <div>
            <p className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">Account Settings</p>
            <ul className="mt-2 space-y-1">
              {SECTIONS.map((entry) => (
                <li key={entry.id}>
                  <button
                    type="button"
                    aria-pressed={section === entry.id}
                    onClick={() => setSection(entry.id)}
                    className={navItemClasses(section === entry.id)}
                  >
                    {entry.label}
                  </button>
                </li>
              ))}
            </ul>
          </div>
          {/* A link, not a second "Log out" button: the side menu already has one on this page. */}
          <Link to={paths.signin} replace onClick={signOut} className={navItemClasses(false)}>
            Log out
          </Link>
        </nav>
        <Card>
          {section === 'profile' ? <ProfileInformation user={user} /> : null}
          {section === 'addresses' ? <ManageAddresses key={user._id} user={user} /> : null}
          {section === 'business' ? <BusinessInformation user={user} /> : null}
        </Card>
      </div>
    </div>
  );
}

function ProfileInformation({ user }: { user: User }) {
  return (
    <section aria-labelledby="profile-information-heading" className="space-y-6">
      <div className="flex items-center justify-between gap-4">
        <h2 id="profile-information-heading" className="text-lg font-semibold text-slate-900">
          Profile Information
        </h2>
        <Link to={paths.myProfile} className="text-sm font-semibold text-indigo-600 hover:text-indigo-500">
          Edit profile
        </Link>
      </div>
      <DetailList
        details={[
          { label: 'First Name', value: user.data.firstName },
          { label: 'Last Name', value: user.data.lastName },
          { label: 'Email', value: user.email },
          { label: 'Phone Number', value: user.phoneNumber },
        ]}
      />
    </section>
  );
}

const ADDRESS_FIELDS = [
  { field: 'address1', label: 'Address 1' },
  { field: 'address2', label: 'Address 2' },
  { field: 'city', label: 'City' },
  { field: 'state', label: 'State' },
  { field: 'zip', label: 'Zip' },
  { field: 'country', label: 'Country' },
] as const;
type AddressField = (typeof ADDRESS_FIELDS)[number]['field'];
type AddressValues = Record<AddressField, string>;

/**
 * The contract's own schema, so the form and the API cannot disagree. The form holds every address field, a case
 * of the schema's all-optional input; only ResolverOptions' field-name list keeps TypeScript from seeing it.
 */
const addressResolver = zodResolver(updateAccountBodySchema) as Resolver<AddressValues, unknown, UpdateAccountBody>;

function ManageAddresses({ user }: { user: User }) {
  const { mutateAsync: updateAccount, isPending } = useUpdateAccount();
  const form = useForm<AddressValues, unknown, UpdateAccountBody>({
    // The fields the form shows, each with the user's saved value.
    defaultValues: Object.fromEntries(ADDRESS_FIELDS.map(({ field }) => [field, user[field]])) as AddressValues,
    resolver: addressResolver,
    // Checked on Save; editing a flagged field clears its message until the next Save.
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const [error, setError] = useState<string | null>(null);
  const { showToast } = useToast();
  const submitOnce = useSubmitOnce();

  const handleEdit = (field: AddressField) => {
    form.clearErrors(field);
  };

  const registerField = (field: AddressField) =>
    field === 'zip'
      ? form.register(field, {
          onChange: (event: ChangeEvent<HTMLInputElement>) => {
            keepDigits(ACCOUNT_LIMITS.zipMax, (digits) => form.setValue(field, digits))(event);
            handleEdit(field);
          },
        })
      : form.register(field, { onChange: () => handleEdit(field) });

  const handleValid = async (body: UpdateAccountBody) => {
    setError(null);
    try {
      const response = await updateAccount({ body });
      showToast(response.body.statusMessages[0] ?? 'Saved.');
    } catch (failure) {
      setError(errorMessageOf(failure));
    }
  };

  return (
    <section aria-labelledby="manage-addresses-heading">
      <h2 id="manage-addresses-heading" className="text-lg font-semibold text-slate-900">
        Manage Addresses
      </h2>
      <form
        noValidate
        onSubmit={submitOnce((event) => {
          setError(null);
          return form.handleSubmit(handleValid)(event);
        })}
        className="mt-6 space-y-5"
      >
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {ADDRESS_FIELDS.map(({ field, label }) => (
            <Input
              key={field}
              label={label}
              error={errors[field]?.message}
              {...(field === 'zip' ? { inputMode: 'numeric' as const } : { maxLength: ACCOUNT_LIMITS.textMax })}
              {...registerField(field)}
            />
          ))}
        </div>
        <FormError message={error} />
        <Button type="submit" disabled={isPending} aria-busy={isPending}>
          {isPending ? 'Saving' : 'Save Address'}
        </Button>
      </form>
    </section>
  );
}

function BusinessInformation({ user }: { user: User }) {
  const { showToast } = useToast();

  const handleCopy = async () => {
    const isCopied = await copyText(user.apiKey);
    showToast(isCopied ? 'API key copied to clipboard' : 'Could not copy the API key; please copy it by hand.');
  };

  return (
    <section aria-labelledby="business-information-heading" className="space-y-6">
      <h2 id="business-information-heading" className="text-lg font-semibold text-slate-900">
        Business Information
      </h2>
      <DetailList
        details={[
          { label: 'Vendor ID', value: user.vendorId },
          { label: 'Publisher ID', value: user.vendorId },
          { label: 'Campaign ID', value: user.vendorId },
          { label: 'Influence Code', value: user.influenceCode },
          {
            label: 'API Key',
            value: (
              <span className="flex flex-wrap items-center gap-2">
                <code className="break-all font-mono text-xs">{user.apiKey}</code>
                <Button variant="secondary" className="px-3 py-1.5 text-xs" onClick={() => void handleCopy()}>
                  Copy API key
                </Button>
              </span>
            ),
          },
        ]}
      />
    </section>
  );
}
