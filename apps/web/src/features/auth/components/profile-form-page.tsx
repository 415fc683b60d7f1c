import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_LIMITS, updateAccountBodySchema, type UpdateAccountBody } from '@publisher/contract';
import { useState, type ChangeEvent } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormError } from '../../../components/ui/form-error';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { useToast } from '../../../components/ui/toast-provider';
import { errorMessageOf } from '../../../lib/api-error';
import { keepDigits, useSubmitOnce } from '../../../lib/form';
import { useUpdateAccount } from '../api/use-update-account';
import { useAuth } from './auth-provider';

/** The contract's body as the form edits it: first and last name make `fullName`. */
const profileSchema = updateAccountBodySchema
  .pick({ phoneNumber: true })
  .extend({ firstName: z.string(), lastName: z.string() })
  .transform(({ firstName, lastName, phoneNumber }) => ({ fullName: `${firstName} ${lastName}`.trim(), phoneNumber }))
  .pipe(updateAccountBodySchema);
const profileResolver = zodResolver(profileSchema);

type ProfileValues = z.input<typeof profileSchema>;

/** The first rule broken, shown under the form like a server error. */
function firstMessageOf(errors: FieldErrors<ProfileValues>): string | null {
  return Object.values(errors).find((error) => error?.message)?.message ?? null;
}

/**
 * /myProfile. The spec's form had no submit behaviour (part 2 §2 "Profile form (unfinished)"); here Update
 * saves the name and phone through PUT /auth/update.
 */
export function ProfileFormPage() {
  const { user } = useAuth();
  const { mutateAsync: updateAccount, isPending } = useUpdateAccount();
  const form = useForm<ProfileValues, unknown, UpdateAccountBody>({
    defaultValues: {
      firstName: user?.data.firstName ?? '',
      lastName: user?.data.lastName ?? '',
      phoneNumber: user?.phoneNumber ?? '',
    },
    resolver: profileResolver,
  });
  const [error, setError] = useState<string | null>(null);
  const { showToast } = useToast();
  const submitOnce = useSubmitOnce();

  if (!user) return null;

  const clearNotices = () => {
    setError(null);
  };

  const handleValid = async (body: UpdateAccountBody) => {
    clearNotices();
    try {
      const response = await updateAccount({ body });
      showToast(response.body.statusMessages[0] ?? 'Saved.');
    } catch (failure) {
      setError(errorMessageOf(failure));
    }
  };

  const handleInvalid = (errors: FieldErrors<ProfileValues>) => {
    setError(firstMessageOf(errors));
  };

  return (
    <div className="max-w-2xl space-y-6">
      <PageHeader title="Profile" />
      <Card>
        <form noValidate onSubmit={submitOnce(form.handleSubmit(handleValid, handleInvalid))} className="space-y-5">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Input
              label="First Name"
              autoComplete="given-name"
              maxLength={ACCOUNT_LIMITS.fullNameMax}
              {...form.register('firstName', { onChange: clearNotices })}
            />
            <Input
              label="Last Name"
              autoComplete="family-name"
              maxLength={ACCOUNT_LIMITS.fullNameMax}
              {...form.register('lastName', { onChange: clearNotices })}
            />
            <Input label="Email" type="email" value={user.email} readOnly />
            <Input
              label="Phone Number"
              type="tel"
              inputMode="numeric"
              {...form.register('phoneNumber', {
                onChange: (event: ChangeEvent<HTMLInputElement>) => {
                  keepDigits(ACCOUNT_LIMITS.phoneMax, (digits) => form.setValue('phoneNumber', digits))(event);
                  clearNotices();
                },
              })}
            />
          </div>
          <FormError message={error} />
          <Button type="submit" disabled={isPending} aria-busy={isPending}>
            {isPending ? 'Saving' : 'Update'}
          </Button>
        </form>
      </Card>
    </div>
  );
}
