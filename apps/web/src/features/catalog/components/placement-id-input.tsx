import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '../../../components/ui/input';
import { ID_MAX_LENGTH } from '../lib/filter-inputs';

/** The placement id is sent once typing pauses, so an id typed key by key makes one call, not one per key. */
export const PLACEMENT_ID_DELAY_MS = 400;

interface PlacementIdInputProps {
  /** The form's `register('placementId', …)`, cleaning the text as typed (sanitizePlacementId). */
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}

/**
 * The optional placement id of the coupon and cashback screens: it personalises the links the user copies and goes
 * with the list's query as placementId (part 1 §7).
 */
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
