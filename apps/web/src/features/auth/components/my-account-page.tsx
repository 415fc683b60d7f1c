import type { UpdateAccountBody } from '@publisher/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DetailList } from '../../../components/ui/detail-list';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast-provider';
import { errorMessageOf } from '../../../lib/api-error';
import { useUpdateAccount } from '../api/use-update-account';
import { AccountEditForm } from './account-edit-form';
import { initialsOf } from './account-format';
import { useAuth } from './auth-provider';

/** /myAccount (part 2 §2 "My Account", §4 "Account", §5). */
export function MyAccountPage() {
  const { user, isLoading: isFetchingUser } = useAuth();
  const { mutateAsync: updateAccount, isPending: isSaving } = useUpdateAccount();
  const [isEditing, setIsEditing] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const { showToast } = useToast();

  if (!user) return null;

  const handleUpdate = async (body: UpdateAccountBody) => {
    setServerError(null);
    try {
      // The hook re-reads the user (GET /auth/:id) before this resolves, so view mode shows the saved values.
      const response = await updateAccount({ body });
      showToast(response.body.statusMessages[0] ?? 'Account details saved.');
      setIsEditing(false);
    } catch (failure) {
      setServerError(errorMessageOf(failure));
    }
  };

  const handleCancel = () => {
    setServerError(null);
    setIsEditing(false);
  };

  const isBusy = isSaving || isFetchingUser;

  return (
    <div className="max-w-4xl space-y-6">
      <div className="flex items-center justify-between gap-4">
        <PageHeader title="My Account" />
        {isBusy ? <Spinner label={isSaving ? 'Saving account details' : 'Loading account details'} /> : null}
      </div>
      <Card>
        {isEditing ? (
          <AccountEditForm
            user={user}
            isSaving={isSaving}
            serverError={serverError}
            onSubmit={handleUpdate}
            onCancel={handleCancel}
          />
        ) : (
          <div className="space-y-8">
            <div className="flex flex-wrap items-center gap-4">
              <div
                aria-hidden="true"
                className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-xl font-bold text-white"
              >
                {initialsOf(user.fullName)}
              </div>
              <div className="min-w-0 flex-1">
                <p className="truncate text-xl font-semibold text-slate-900" data-testid="account-name">
                  {user.fullName}
                </p>
                <p className="truncate text-sm text-slate-500">{user.email}</p>
              </div>
              <Button
                variant="secondary"
                onClick={() => {
                  setIsEditing(true);
                }}
                disabled={isBusy}
              >
                Edit
              </Button>
            </div>
            <DetailList
              details={[
                { label: 'Name', value: user.fullName },
                { label: 'Vendor ID', value: user.vendorId },
                { label: 'Publisher ID', value: user.vendorId },
                { label: 'Campaign ID', value: user.vendorId },
                { label: 'Email', value: user.email },
                { label: 'API Key', value: <code className="break-all font-mono text-xs">{user.apiKey}</code> },
                { label: 'Address 1', value: user.address1 },
                { label: 'Address 2', value: user.address2 },
                { label: 'City', value: user.city },
                { label: 'State', value: user.state },
                { label: 'Zip', value: user.zip },
                { label: 'Country', value: user.country },
                { label: 'Phone Number', value: user.phoneNumber },
              ]}
            />
          </div>
        )}
      </Card>
    </div>
  );
}
