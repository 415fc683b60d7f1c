import { FormError } from '../../../components/ui/form-error';
import { errorMessageOf } from '../../../lib/api-error';
import { ApiResponseError } from '../../../lib/api-response';
import type { ReportCampaign } from '../lib/report-viewer';

/**
 * The API's refusal of a `?vendorId=` override (part 2 §6: only the admin reads another vendor), from whichever of
 * a screen's reads answered it first; undefined when the screen reads the viewer's own data or nothing was refused.
 */
export function overrideRefusal(campaign: ReportCampaign, errors: readonly unknown[]): ApiResponseError | undefined {
  if (!campaign.isOverride) return undefined;
  return errors.find((error): error is ApiResponseError => error instanceof ApiResponseError && error.status === 403);
}

/**
 * What a report screen shows instead of its tables when the override is refused: one message naming the vendor
 * and the API's reason. No tables (they would only say "No records found") and no downloads (they would be
 * refused too).
 */
export function VendorRefusal({ campaignId, error }: { campaignId: number; error: ApiResponseError }) {
  return <FormError message={`The reports of vendor ${campaignId} cannot be shown: ${errorMessageOf(error)}`} />;
}
