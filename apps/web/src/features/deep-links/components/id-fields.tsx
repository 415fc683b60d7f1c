import type { ChangeEvent } from 'react';
import type { FieldErrors, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { Input } from '../../../components/ui/input';
import { keepClean } from '../../../lib/form';
import { DEEP_LINK_INPUT_MAX, ID_SANITIZERS, type IdField, type IdRules, type IdValues } from '../lib/id-inputs';

export type { IdField } from '../lib/id-inputs';

interface IdFieldsProps<TValues extends IdValues> {
  /** The deep-link form holding the ids (its resolver checks them with idFieldsSchema). */
  form: UseFormReturn<TValues>;
  rules: IdRules;
  /** Sams & Kohls has no click id. */
  hasClickId?: boolean;
  /** Told after an id changes (the screens then clear the generated link). */
  onEdit?: () => void;
  /** Shown under the click id (or the placement id when there is none). */
  hint?: string;
}

/**
 * The optional campaign, placement and click id inputs of the deep link forms, each cleaned as the user types
 * and cut at 50 characters. Rendered as siblings, so they take their places in the form's grid.
 */
export function IdFields<TValues extends IdValues>({
  form,
  rules,
  hasClickId = true,
  onEdit,
  hint,
}: IdFieldsProps<TValues>) {
  // TypeScript cannot see that the id names are paths of every TValues that extends IdValues; they are.
  const errors = form.formState.errors as FieldErrors<IdValues>;
  const register = (field: IdField) => {
    const path = field as Path<TValues>;
    return form.register(path, {
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        keepClean(ID_SANITIZERS[rules][field], (value) =>
          form.setValue(path, value as PathValue<TValues, Path<TValues>>, { shouldValidate: true }),
        )(event);
        onEdit?.();
      },
    });
  };
  return (
    <>
      <Input
        label="Campaign Id (optional)"
        placeholder="Current time"
        maxLength={DEEP_LINK_INPUT_MAX}
        error={errors.campaignId?.message}
        {...register('campaignId')}
      />
      <Input
        label="Placement Id (optional)"
        placeholder="noid"
        maxLength={DEEP_LINK_INPUT_MAX}
        hint={hasClickId ? undefined : hint}
        error={errors.placementId?.message}
        {...register('placementId')}
      />
      {hasClickId ? (
        <Input
          label="Click Id (optional)"
          placeholder="noid"
          maxLength={DEEP_LINK_INPUT_MAX}
          hint={hint}
          error={errors.clickId?.message}
          {...register('clickId')}
        />
      ) : null}
    </>
  );
}
