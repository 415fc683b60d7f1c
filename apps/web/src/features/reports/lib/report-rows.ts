import type {
  categoryQualityRowSchema,
  clicksReportRowSchema,
  deeplink3RowSchema,
  deeplink4RowSchema,
  deeplink5RowSchema,
  merchantQualityRowSchema,
} from '@publisher/contract';
import type { z } from 'zod';

/** Row types the contract defines as schemas only. */
export type Deeplink3Row = z.infer<typeof deeplink3RowSchema>;
export type Deeplink4Row = z.infer<typeof deeplink4RowSchema>;
export type Deeplink5Row = z.infer<typeof deeplink5RowSchema>;
export type MerchantQualityRow = z.infer<typeof merchantQualityRowSchema>;
export type CategoryQualityRow = z.infer<typeof categoryQualityRowSchema>;
export type ClicksReportRow = z.infer<typeof clicksReportRowSchema>;
