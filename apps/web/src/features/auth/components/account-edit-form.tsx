import { ACCOUNT_LIMITS, updateAccountBodySchema, type UpdateAccountBody, type User } from '@publisher/contract';
import { useState, type SubmitEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { Input } from '../../../components/ui/input';
import { digitsInputProps, firstIssuePerField } from '../../../lib/form';

export const EDITABLE_ACCOUNT_FIELDS = [
  'fullName',
  'phoneNumber',
  'address1',
  'address2',
  'city',
  'state',
  'zip',
  'country',
  'secondaryEmail',
  'secondaryEmail2',
  'secondaryEmail3',
  'secondaryEmail4',
] as const;
export type EditableAccountField = (typeof EDITABLE_ACCOUNT_FIELDS)[number];
export type AccountFormValues = Record<EditableAccountField, string>;

interface AccountEditFormProps {
  user: User;
  isSaving: boolean;
  /** The server's message when the last save failed. */
  serverError: string | null;
  onSubmit: (body: UpdateAccountBody) => void;
  onCancel: () => void;
}

const TEXT_FIELDS: readonly { field: EditableAccountField; label: string; autoComplete?: string }[] = [
  { field: 'address1', label: 'Address 1', autoComplete: 'address-line1' },
  { field: 'address2', label: 'Address 2', autoComplete: 'address-line2' },
  { field: 'city', label: 'City', autoComplete: 'address-level2' },
  { field: 'state', label: 'State', autoComplete: 'address-level1' },
];

const SECONDARY_EMAILS: readonly { field: EditableAccountField; label: string }[] = [
  { field: 'secondaryEmail', label: 'Secondary Email 1' },
  { field: 'secondaryEmail2', label: 'Secondary Email 2' },
  { field: 'secondaryEmail3', label: 'Secondary Email 3' },
  { field: 'secondaryEmail4', label: 'Secondary Email 4' },
];

function valuesOf(user: User): AccountFormValues {
  return {
    fullName: user.fullName,
    phoneNumber: user.phoneNumber,
    address1: user.address1,
    address2: user.address2,
    city: user.city,
    state: user.state,
    zip: user.zip,
    country: user.country,
    secondaryEmail: user.secondaryEmail,
    secondaryEmail2: user.secondaryEmail2,
    secondaryEmail3: user.secondaryEmail3,
    secondaryEmail4: user.secondaryEmail4,
  };
}

/** "Edit Account Details" (part 2 §2, §5): vendor ID and email are read-only, zip and phone keep digits only. */
export function AccountEditForm({ user, isSaving, serverError, onSubmit, onCancel }: AccountEditFormProps) {
  const [values, setValues] = useState<AccountFormValues>(() => valuesOf(user));
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<EditableAccountField, string>>>({});

  const handleChange = (field: EditableAccountField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = updateAccountBodySchema.safeParse(values);
    if (!parsed.success) {
      setFieldErrors(firstIssuePerField(parsed.error, EDITABLE_ACCOUNT_FIELDS));
      return;
    }
    onSubmit(parsed.data);
  };

  const isNameEmpty = values.fullName.trim().length === 0;

  return (
    <form noValidate onSubmit={handleSubmit} aria-labelledby="edit-account-heading" className="space-y-6">
      <h2 id="edit-account-heading" className="text-xl font-semibold text-slate-900">
        Edit Account Details
      </h2>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Input label="Vendor ID" value={String(user.vendorId)} readOnly />
        <Input label="Email" type="email" value={user.email} readOnly />
        <Input
          label="Full Name"
          name="fullName"
          autoComplete="name"
          maxLength={ACCOUNT_LIMITS.fullNameMax}
          value={values.fullName}
          error={fieldErrors.fullName}
          onChange={(event) => handleChange('fullName', event.target.value)}
        />
        <Input
          label="Phone Number"
          type="tel"
          name="phoneNumber"
          value={values.phoneNumber}
          error={fieldErrors.phoneNumber}
          {...digitsInputProps(ACCOUNT_LIMITS.phoneMax, (digits) => handleChange('phoneNumber', digits))}
        />
        {TEXT_FIELDS.map(({ field, label, autoComplete }) => (
          <Input
            key={field}
            label={label}
            name={field}
            autoComplete={autoComplete}
            maxLength={ACCOUNT_LIMITS.textMax}
            value={values[field]}
            error={fieldErrors[field]}
            onChange={(event) => handleChange(field, event.target.value)}
          />
        ))}
        <Input
          label="Zip"
          name="zip"
          autoComplete="postal-code"
          value={values.zip}
          error={fieldErrors.zip}
          {...digitsInputProps(ACCOUNT_LIMITS.zipMax, (digits) => handleChange('zip', digits))}
        />
        <Input
          label="Country"
          name="country"
          autoComplete="country-name"
          maxLength={ACCOUNT_LIMITS.textMax}
          value={values.country}
          error={fieldErrors.country}
          onChange={(event) => handleChange('country', event.target.value)}
        />
        {SECONDARY_EMAILS.map(({ field, label }) => (
          <Input
            key={field}
            label={label}
            type="email"
            name={field}
            maxLength={ACCOUNT_LIMITS.emailMax}
            value={values[field]}
            error={fieldErrors[field]}
            onChange={(event) => handleChange(field, event.target.value)}
          />
        ))}
      </div>
      <FormError message={serverError} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isNameEmpty || isSaving} aria-busy={isSaving}>
          Update
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={isSaving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
