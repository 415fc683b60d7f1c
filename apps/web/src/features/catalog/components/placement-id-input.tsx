import { Input } from '../../../components/ui/input';
import { ID_MAX_LENGTH, sanitizePlacementId } from '../lib/filter-inputs';

interface PlacementIdInputProps {
  value: string;
  onChange: (placementId: string) => void;
}

/** The optional placement id of the coupon and cashback screens: it only personalises the links the user copies. */
export function PlacementIdInput({ value, onChange }: PlacementIdInputProps) {
  return (
    <Input
      label="Placement id (optional)"
      placeholder="Optional"
      maxLength={ID_MAX_LENGTH}
      value={value}
      hint="Used in the links you copy."
      onChange={(event) => onChange(sanitizePlacementId(event.target.value))}
    />
  );
}
