import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '../../../components/ui/input';
import { ID_MAX_LENGTH } from '../lib/filter-inputs';

interface PlacementIdInputProps {
  /** The form's `register('placementId', …)`, cleaning the text as typed (sanitizePlacementId). */
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}

/** The optional placement id of the coupon and cashback screens: it only personalises the links the user copies. */
export function PlacementIdInput({ registration, error }: PlacementIdInputProps) {
  return (
    <Input
      label="Placement id (optional)"
      placeholder="Optional"
      maxLength={ID_MAX_LENGTH}
      hint="Used in the links you copy."
      error={error}
      {...registration}
    />
  );
}
