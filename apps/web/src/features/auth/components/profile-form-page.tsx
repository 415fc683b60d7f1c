import { ACCOUNT_LIMITS, updateAccountBodySchema } from '@publisher/contract';
import { useState, type SubmitEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormError } from '../../../components/ui/form-error';
import { FormSuccess } from '../../../components/ui/form-success';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessageOf } from '../../../lib/api-error';
import { digitsInputProps } from '../../../lib/form';
import { useUpdateAccount } from '../api/use-update-account';
import { useAuth } from './auth-provider';

/**
 * /myProfile. The spec's form had no submit behaviour (part 2 §2 "Profile form (unfinished)"); here Update
 * saves the name and phone through PUT /auth/update.
 */
export function ProfileFormPage() {
  const { user } = useAuth();
  const { mutateAsync: updateAccount, isPending } = useUpdateAccount();
  const [firstName, setFirstName] = useState(user?.data.firstName ?? '');
  const [lastName, setLastName] = useState(user?.data.lastName ?? '');
  const [phoneNumber, setPhoneNumber] = useState(user?.phoneNumber ?? '');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  if (!user) return null;

  const clearNotices = () => {
    setError(null);
    setSuccess(null);
  };

  const handleSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearNotices();
    const parsed = updateAccountBodySchema.safeParse({ fullName: `${firstName} ${lastName}`.trim(), phoneNumber });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    try {
      const response = await updateAccount({ body: parsed.data });
      setSuccess(response.body.statusMessages[0] ?? 'Saved.');
    } catch (failure) {
      setError(errorMessageOf(failure));
    }
  };

  return (
    <div className="max-w-2xl space-y-6">
      <PageHeader title="Profile" />
      <Card>
        <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-5">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Input
              label="First Name"
              name="firstName"
              autoComplete="given-name"
              maxLength={ACCOUNT_LIMITS.fullNameMax}
              value={firstName}
              onChange={(event) => {
                setFirstName(event.target.value);
                clearNotices();
              }}
            />
            <Input
              label="Last Name"
              name="lastName"
              autoComplete="family-name"
              maxLength={ACCOUNT_LIMITS.fullNameMax}
              value={lastName}
              onChange={(event) => {
                setLastName(event.target.value);
                clearNotices();
              }}
            />
            <Input label="Email" type="email" value={user.email} readOnly />
            <Input
              label="Phone Number"
              type="tel"
              value={phoneNumber}
              {...digitsInputProps(ACCOUNT_LIMITS.phoneMax, (digits) => {
                setPhoneNumber(digits);
                clearNotices();
              })}
            />
          </div>
          <FormError message={error} />
          <FormSuccess message={success} />
          <Button type="submit" disabled={isPending} aria-busy={isPending}>
            {isPending ? 'Saving' : 'Update'}
          </Button>
        </form>
      </Card>
    </div>
  );
}
