import { useId } from 'react';
import { useWatch, type FieldPathByValue, type FieldValues, type PathValue, type UseFormReturn } from 'react-hook-form';
import { DateInput } from '../ui/date-input';
import { FieldMessage } from '../ui/field-message';

interface DateFieldProps<TValues extends FieldValues> {
  /** The form holding the date as YYYY-MM-DD (resolver: requiredDaySchema of lib/date-range-form.ts). */
  form: UseFormReturn<TValues>;
  name: FieldPathByValue<TValues, string>;
  label: string;
  max?: string;
  /** Told after each change, once the form holds the new value (e.g. to read it at once or clear a result). */
  onEdit?: () => void;
}

/**
 * One labelled DateInput bound to a react-hook-form field, with the field's message under it. Bound through the
 * form's own setValue, as DateRangeField is (useController would add a kilobyte to the chunk the sign-in page
 * loads): a change is checked at once once the form has been sent, as react-hook-form's default mode does.
 */
export function DateField<TValues extends FieldValues>({ form, name, label, max, onEdit }: DateFieldProps<TValues>) {
  const id = useId();
  const messageId = `${id}-message`;
  const value = useWatch({ control: form.control, name });
  const error = form.getFieldState(name, form.formState).error?.message;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <DateInput
        id={id}
        label={label}
        name={name}
        value={value}
        max={max}
        hasError={Boolean(error)}
        describedBy={error ? messageId : undefined}
        onChange={(next) => {
          form.setValue(name, next as PathValue<TValues, typeof name>, {
            shouldDirty: true,
            shouldValidate: form.formState.isSubmitted,
          });
          onEdit?.();
        }}
      />
      <FieldMessage id={messageId} error={error} />
    </div>
  );
}
