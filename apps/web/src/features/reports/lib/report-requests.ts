import type { Aggregation, QualityGroupBy } from '@publisher/contract';
import type { DateRange } from './date-presets';

/*
 * Request shapes of the report calls whose contract schemas go through `refineDateRange`. That helper returns
 * `ZodEffects<T, any, any>`, so `z.input` of those schemas (ReportRangeBody, PagedReportBody, QualityReportBody,
 * ConnexityQuery and the download and save-range queries) is `any` and would type-check anything. The hooks
 * type their inputs here instead; these shapes are assignable to the contract's once its helper keeps the types.
 */

/** Body of the POST report calls over a date range (1-based paging is added by PagedReportRequest). */
export interface ReportRangeRequest extends DateRange {
  aggregation?: Aggregation;
  /** The vendor to read; the admin may name another (part 2 §6). */
  campaign_id?: number;
  /** true: CPC rows, false: CPA rows, absent: both. */
  isCPC?: boolean;
}

export interface PagedReportRequest extends ReportRangeRequest {
  /** 1-based. */
  page: number;
  pageSize: number;
}

export interface QualityReportRequest extends DateRange {
  groupBy: QualityGroupBy;
  aggregation?: Aggregation;
  campaign_id?: number;
}

type QueryBoolean = 'true' | 'false';

/** GET /v1/connexity/download*: apiKey + vendorId. */
export interface ConnexityDownloadRequest extends DateRange {
  vendorId: number;
  apiKey?: string;
  isCPC?: QueryBoolean;
}

/** GET downloads keyed by campaign_id (reports 2 to 5). */
export interface CampaignDownloadRequest extends DateRange {
  campaign_id: number;
  apiKey?: string;
  isCPC?: QueryBoolean;
}

export interface QualityDownloadRequest extends DateRange {
  campaign_id: number;
  apiKey?: string;
  groupBy: QualityGroupBy;
}

/** GET /reports/downloadConversionReportsAll: dates optional (the API then uses the last 30 days). */
export interface DownloadAllRequest {
  campaign_id: number;
  apiKey?: string;
  startDate?: string;
  endDate?: string;
  isPublisherAI?: QueryBoolean;
}

/** The Start/End save calls. */
export type SaveRangeRequest = DateRange;
