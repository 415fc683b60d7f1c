import { Input } from '../../../components/ui/input';
import {
  DEEP_LINK_INPUT_MAX,
  sanitizeClickIdWithBraces,
  sanitizeIdWithBraces,
  sanitizePlainClickId,
  sanitizePlainId,
} from '../lib/id-inputs';

export type IdField = 'campaignId' | 'placementId' | 'clickId';

/** Part 2 §5: API 1 and 5 also accept braces; API 2 and Sams & Kohls letters, digits and hyphen only. */
const SANITIZERS = {
  braces: { id: sanitizeIdWithBraces, clickId: sanitizeClickIdWithBraces },
  plain: { id: sanitizePlainId, clickId: sanitizePlainClickId },
} as const;

interface IdFieldsProps {
  values: { campaignId: string; placementId: string; clickId?: string };
  rules: keyof typeof SANITIZERS;
  onEdit: (field: IdField, value: string) => void;
  /** Shown under the click id (or the placement id when there is none). */
  hint?: string;
}

/**
 * The optional campaign, placement and click id inputs of the deep link forms, each cleaned as the user types
 * and cut at 50 characters. Rendered as siblings, so they take their places in the form's grid. A form without
 * a click id (Sams & Kohls) leaves `values.clickId` out.
 */
export function IdFields({ values, rules, onEdit, hint }: IdFieldsProps) {
  const sanitize = SANITIZERS[rules];
  const hasClickId = values.clickId !== undefined;
  return (
    <>
      <Input
        label="Campaign Id (optional)"
        placeholder="Current time"
        maxLength={DEEP_LINK_INPUT_MAX}
        value={values.campaignId}
        onChange={(event) => onEdit('campaignId', sanitize.id(event.target.value))}
      />
      <Input
        label="Placement Id (optional)"
        placeholder="noid"
        maxLength={DEEP_LINK_INPUT_MAX}
        value={values.placementId}
        hint={hasClickId ? undefined : hint}
        onChange={(event) => onEdit('placementId', sanitize.id(event.target.value))}
      />
      {values.clickId !== undefined ? (
        <Input
          label="Click Id (optional)"
          placeholder="noid"
          maxLength={DEEP_LINK_INPUT_MAX}
          value={values.clickId}
          hint={hint}
          onChange={(event) => onEdit('clickId', sanitize.clickId(event.target.value))}
        />
      ) : null}
    </>
  );
}
