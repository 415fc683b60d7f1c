import type {
  categoryQualityRowSchema,
  clicksReportRowSchema,
  deeplink3ReportResponseSchema,
  deeplink4ReportResponseSchema,
  deeplink5ReportResponseSchema,
  merchantQualityRowSchema,
} from '@publisher/contract';
import type { z } from 'zod';

/** Page and row types the contract defines as schemas only. */
export type Deeplink3Page = z.infer<typeof deeplink3ReportResponseSchema>;
export type Deeplink3Row = Deeplink3Page['reportsData'][number];
export type Deeplink4Page = z.infer<typeof deeplink4ReportResponseSchema>;
export type Deeplink4Row = Deeplink4Page['reportsData'][number];
export type Deeplink5Page = z.infer<typeof deeplink5ReportResponseSchema>;
export type Deeplink5Row = Deeplink5Page['reportsData'][number];
export type MerchantQualityRow = z.infer<typeof merchantQualityRowSchema>;
export type CategoryQualityRow = z.infer<typeof categoryQualityRowSchema>;
export type ClicksReportRow = z.infer<typeof clicksReportRowSchema>;
