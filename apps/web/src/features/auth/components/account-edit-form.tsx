import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCOUNT_LIMITS,
  ACCOUNT_MESSAGES,
  updateAccountBodySchema,
  type UpdateAccountBody,
  type User,
} from '@publisher/contract';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { Input } from '../../../components/ui/input';
import { keepDigits, useSubmitOnce } from '../../../lib/form';

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
  /** Resolves once the save has ended (a second Update meanwhile is dropped). */
  onSubmit: (body: UpdateAccountBody) => Promise<void>;
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

/**
 * The contract's own schema, so the form and the API cannot disagree. The form always holds every editable field,
 * a case of the schema's all-optional input; only ResolverOptions' field-name list keeps TypeScript from seeing it.
 */
const accountResolver = zodResolver(updateAccountBodySchema) as Resolver<AccountFormValues, unknown, UpdateAccountBody>;

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
  const form = useForm<AccountFormValues, unknown, UpdateAccountBody>({
    defaultValues: valuesOf(user),
    resolver: accountResolver,
    // Checked on Update; editing a flagged field clears its message until the next Update.
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const submitOnce = useSubmitOnce();
  const fullName = useWatch({ control: form.control, name: 'fullName' });
  const isNameEmpty = fullName.trim().length === 0;

  const registerField = (field: EditableAccountField) =>
    form.register(field, { onChange: () => form.clearErrors(field) });
  const registerDigits = (field: 'zip' | 'phoneNumber', maxDigits: number) =>
    form.register(field, {
      onChange: keepDigits(maxDigits, (digits) => form.setValue(field, digits)),
    });

  return (
    <form
      noValidate
      onSubmit={submitOnce((event) => form.handleSubmit(onSubmit)(event))}
      aria-labelledby="edit-account-heading"
      className="space-y-6"
    >
      <h2 id="edit-account-heading" className="text-xl font-semibold text-slate-900">
        Edit Account Details
      </h2>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Input label="Vendor ID" value={String(user.vendorId)} readOnly />
        <Input label="Email" type="email" value={user.email} readOnly />
        <Input
          label="Full Name"
          autoComplete="name"
          maxLength={ACCOUNT_LIMITS.fullNameMax}
          // Why Update is disabled while the name is empty.
          error={errors.fullName?.message ?? (isNameEmpty ? ACCOUNT_MESSAGES.fullNameRequired : undefined)}
          {...registerField('fullName')}
        />
        <Input
          label="Phone Number"
          type="tel"
          inputMode="numeric"
          error={errors.phoneNumber?.message}
          {...registerDigits('phoneNumber', ACCOUNT_LIMITS.phoneMax)}
        />
        {TEXT_FIELDS.map(({ field, label, autoComplete }) => (
          <Input
            key={field}
            label={label}
            autoComplete={autoComplete}
            maxLength={ACCOUNT_LIMITS.textMax}
            error={errors[field]?.message}
            {...registerField(field)}
          />
        ))}
        <Input
          label="Zip"
          autoComplete="postal-code"
          inputMode="numeric"
          error={errors.zip?.message}
          {...registerDigits('zip', ACCOUNT_LIMITS.zipMax)}
        />
        <Input
          label="Country"
          autoComplete="country-name"
          maxLength={ACCOUNT_LIMITS.textMax}
          error={errors.country?.message}
          {...registerField('country')}
        />
        {SECONDARY_EMAILS.map(({ field, label }) => (
          <Input
            key={field}
            label={label}
            type="email"
            maxLength={ACCOUNT_LIMITS.emailMax}
            error={errors[field]?.message}
            {...registerField(field)}
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
