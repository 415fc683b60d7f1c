import { z } from 'zod';
import { apiKeyBodyField, isoDateSchema, isoDateTimeSchema } from '../common/fields';
import { MAX_PAGE_SIZE, dateRangeFields, queryBool, queryInt, refineDateRange } from '../common/query';

/**
 * Reports domain (part 1 §3 and §7, part 2 §3 and §7).
 *
 * Money: every amount on the wire is a plain number in full precision (USD unless the field says EUR).
 * Screens round for display only: 6 decimals on report 1 screens, 7 on report 2 (part 1 §9); CSV files use
 * the same rounding as their screen. Averages are ratios of sums: CPC = earnings / clicks, conversion rate =
 * sales count / clicks * 100 (a percentage), AOV = sales amount / sales count; each is 0 when its divisor is 0.
 */

/** Where report rows come from: one simulated upstream network per deep-link product. */
export const REPORT_SOURCES = ['connexity', 'newdashboard', 'doneoftheownou', 'shoppermeet', 'kelkoo'] as const;
export const reportSourceSchema = z.enum(REPORT_SOURCES);
export type ReportSource = z.infer<typeof reportSourceSchema>;

export const REPORT_ROUNDING = { report1: 6, report2: 7 } as const;

/** Lower-case aggregation values (part 1 §9). Weeks start on Monday; a period is named by its first day. */
export const aggregationSchema = z.enum(['daily', 'weekly', 'monthly']);
export type Aggregation = z.infer<typeof aggregationSchema>;

/**
 * The vendor whose data to read (the spec's campaign_id / vendorId override). Only the admin may name another
 * vendor; anyone else gets 403 unless it is their own id. Accepts a number or a string of digits.
 */
export const campaignIdSchema = z.union([
  z.number().int().positive(),
  z.string().regex(/^\d+$/, 'must be a numeric vendor id').transform(Number),
]);

/**
 * Paging of the POST report calls. `page` is a 0-based index, as the spec sends it (part 2 §7: conversion
 * summaries take page "0-based in the paging effect"; part 1 §7: the connexity GET takes a zero-based index):
 * the screens' page 1 is `page: 0` on the wire. Lists paged by `pageNo` (catalog, coupons) are 1-based instead.
 */
const pageFields = {
  /** 0-based page index: 0 is the first page. */
  page: z.number().int().min(0, 'must be at least 0').default(0),
  pageSize: z
    .number()
    .int()
    .min(1, 'must be at least 1')
    .max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`)
    .default(20),
  /** Alias of pageSize some screens send; wins when both are present. */
  limit: z
    .number()
    .int()
    .min(1, 'must be at least 1')
    .max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`)
    .optional(),
};

// ---------- request bodies (POST, token) ----------

export const reportRangeBodySchema = refineDateRange(
  z.object({
    ...dateRangeFields,
    aggregation: aggregationSchema.default('daily'),
    campaign_id: campaignIdSchema.optional(),
    /** true: CPC rows only; false: CPA rows only; absent: both. */
    isCPC: z.boolean().optional(),
    apiKey: apiKeyBodyField,
  }),
);
export type ReportRangeBody = z.input<typeof reportRangeBodySchema>;

export const pagedReportBodySchema = refineDateRange(
  z.object({
    ...dateRangeFields,
    ...pageFields,
    /** Accepted because the screens send it (part 1 §7); a detail page lists rows, so it has no effect. */
    aggregation: aggregationSchema.default('daily'),
    campaign_id: campaignIdSchema.optional(),
    /** true: CPC rows only; false: CPA rows only; absent: both (the screens' Type, part 1 §9). */
    isCPC: z.boolean().optional(),
    apiKey: apiKeyBodyField,
  }),
);
export type PagedReportBody = z.input<typeof pagedReportBodySchema>;

export const qualityGroupBySchema = z.enum(['merchant', 'category']);
export type QualityGroupBy = z.infer<typeof qualityGroupBySchema>;

export const qualityReportBodySchema = refineDateRange(
  z.object({
    ...dateRangeFields,
    groupBy: qualityGroupBySchema,
    /** Accepted because the screen sends it; the tables sum the whole range (one row per group), so no effect. */
    aggregation: aggregationSchema.default('daily'),
    campaign_id: campaignIdSchema.optional(),
    apiKey: apiKeyBodyField,
  }),
);
export type QualityReportBody = z.input<typeof qualityReportBodySchema>;

export const orderHistoryBodySchema = z.object({
  page: pageFields.page,
  pageSize: pageFields.pageSize,
  apiKey: apiKeyBodyField,
});
export type OrderHistoryBody = z.input<typeof orderHistoryBodySchema>;

// ---------- query strings (GET) ----------

/** Query of the connexity-style GETs: apiKey + vendorId authenticate; page is 0-based, limit is the page size. */
export const connexityQuerySchema = refineDateRange(
  z.object({
    apiKey: apiKeyBodyField,
    vendorId: campaignIdSchema,
    ...dateRangeFields,
    isCPC: queryBool('isCPC').optional(),
    page: queryInt('page', 0, 1_000_000).default(0),
    limit: queryInt('limit', 1, MAX_PAGE_SIZE).default(20),
  }),
);
export type ConnexityQuery = z.input<typeof connexityQuerySchema>;

export const connexityDownloadQuerySchema = refineDateRange(
  z.object({
    apiKey: apiKeyBodyField,
    vendorId: campaignIdSchema,
    ...dateRangeFields,
    isCPC: queryBool('isCPC').optional(),
  }),
);

/** Downloads keyed by campaign_id (the vendor id) + apiKey (part 2 §7 "Downloads"). */
export const campaignDownloadQuerySchema = refineDateRange(
  z.object({
    campaign_id: campaignIdSchema,
    apiKey: apiKeyBodyField,
    ...dateRangeFields,
    isCPC: queryBool('isCPC').optional(),
  }),
);

/**
 * GET /reports/downloadConversionReportsAll: dates may be missing or the literal 'null' (then the last 30
 * days); isPublisherAI=true selects the CPA rows, as it does in the deep-link payloads.
 */
const optionalQueryDate = z
  .union([isoDateSchema, z.literal('null'), z.literal('')])
  .optional()
  .transform((value) => (value === 'null' || value === '' ? undefined : value));

export const downloadAllQuerySchema = refineDateRange(
  z.object({
    campaign_id: campaignIdSchema,
    apiKey: apiKeyBodyField,
    startDate: optionalQueryDate,
    endDate: optionalQueryDate,
    isPublisherAI: queryBool('isPublisherAI').optional(),
  }),
);

export const qualityDownloadQuerySchema = refineDateRange(
  z.object({
    campaign_id: campaignIdSchema,
    apiKey: apiKeyBodyField,
    ...dateRangeFields,
    groupBy: qualityGroupBySchema,
  }),
);

export const saveSingleDateQuerySchema = z.object({ startDate: isoDateSchema });
export const saveDateQuerySchema = z.object({ date: isoDateSchema });
export const saveRangeQuerySchema = refineDateRange(z.object(dateRangeFields));

// ---------- rows and responses ----------

/**
 * Part 1 §3 earnings row, extended with the sales figures the dashboard cards and preview table need. Sales
 * mean what they mean on the conversion reports: `salesCount` is the number of orders, `salesAmount` their value.
 */
export const earningsRowSchema = z.object({
  /**
   * The period's first day inside the range (YYYY-MM-DD): the day itself, or the Monday or first of the month
   * holding it, moved forward to the range's start date when the period began before the range.
   */
  date: isoDateSchema,
  redirects: z.number().int(),
  estimatedEarnings: z.number(),
  cpc: z.number(),
  /** Number of sales (orders). */
  salesCount: z.number().int(),
  /** Sales amount in USD. */
  salesAmount: z.number(),
  conversionRate: z.number(),
  aov: z.number(),
});
export type EarningsRow = z.infer<typeof earningsRowSchema>;

/**
 * The dashboard totals over the rows of the requested type (`isCPC`; both types when absent). The spec's cpc*
 * fields count the CPC rows only, cpa* the CPA rows only and total* both, so for the same range and type each
 * equals the conversion report summary (`getConversionReportSummary`) of isCPC true, false and absent:
 * redirects = totalClicks, earnings = totalEarnings, earnings per redirect = clickAvgCPC,
 * totalSalesCount = totalSales (orders), totalConversionRate = totalConversionRate.
 */
export const earningsTotalsSchema = z.object({
  cpcRedirects: z.number().int(),
  cpcEarnings: z.number(),
  cpcEarningsPerRedirect: z.number(),
  cpaRedirects: z.number().int(),
  cpaEarnings: z.number(),
  cpaEarningsPerRedirect: z.number(),
  totalRedirects: z.number().int(),
  totalEarnings: z.number(),
  totalEarningsPerRedirect: z.number(),
  /** Number of sales (orders): the conversion summary's totalSales. */
  totalSalesCount: z.number().int(),
  /** Sales amount in USD. */
  totalSalesAmount: z.number(),
  totalConversionRate: z.number(),
  /** Average order value: totalSalesAmount / totalSalesCount. */
  totalAov: z.number(),
});
export type EarningsTotals = z.infer<typeof earningsTotalsSchema>;

export const earningsReportResponseSchema = z.object({
  reports: z.object({
    totals: earningsTotalsSchema,
    earnings: z.array(earningsRowSchema),
  }),
});
export type EarningsReportResponse = z.infer<typeof earningsReportResponseSchema>;

/** How many merchants and placements the dashboard's top lists hold. */
export const TOP_PERFORMERS_LIMIT = 5;

/** The sums of one merchant or placement over the range (designed; not in the spec). */
const performerSumsFields = {
  clicks: z.number().int(),
  earnings: z.number(),
  /** Number of sales (orders). */
  salesCount: z.number().int(),
  /** Sales amount in USD. */
  salesAmount: z.number(),
};
export const topMerchantSchema = z.object({ merchantName: z.string(), ...performerSumsFields });
export type TopMerchant = z.infer<typeof topMerchantSchema>;
export const topPlacementSchema = z.object({ placementId: z.string(), ...performerSumsFields });
export type TopPlacement = z.infer<typeof topPlacementSchema>;

/** The dashboard's top merchants and placements of the range and type, most earnings first. */
export const topPerformersResponseSchema = z.object({
  merchants: z.array(topMerchantSchema),
  placements: z.array(topPlacementSchema),
});
export type TopPerformersResponse = z.infer<typeof topPerformersResponseSchema>;

/** Part 2 §3 "Daily performance row", summed per period. */
export const performanceRowSchema = z.object({
  report_date: isoDateSchema,
  clicks: z.number().int(),
  earnings: z.number(),
  cpc: z.number(),
});
export const performanceReportResponseSchema = z.object({ reportsData: z.array(performanceRowSchema) });

/** Part 1 §3 conversion report 1 row (connexity source). SALES is the sales amount; SALES_COUNT the orders. */
export const conversionRowSchema = z.object({
  REPORT_DATE: isoDateSchema,
  CAMPAIGN_ID: z.number().int(),
  PLACEMENT_ID: z.string(),
  RID: z.string(),
  MERCHANT_NAME: z.string(),
  CLICKS: z.number().int(),
  SALES_COUNT: z.number().int(),
  SALES: z.number(),
  EARNINGS: z.number(),
  CONVERSION_RATE: z.number(),
  CPC: z.number(),
});
export type ConversionRow = z.infer<typeof conversionRowSchema>;

export const conversionReportResponseSchema = z.object({
  reportsData: z.array(conversionRowSchema),
  totalRecords: z.number().int(),
});
export type ConversionReportResponse = z.infer<typeof conversionReportResponseSchema>;

/** Part 1 §3 "Summary". totalSales is the sales count. */
export const reportSummarySchema = z.object({
  totalClicks: z.number().int(),
  totalEarnings: z.number(),
  totalSales: z.number().int(),
  clickAvgCPC: z.number(),
  totalConversionRate: z.number(),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;
export const reportSummaryResponseSchema = z.object({ data: reportSummarySchema });

/** Part 1 §3 "Summary-by-date rows" (spelling as in the spec). sales is the sales count. */
export const summaryByDateRowSchema = z.object({
  date: isoDateSchema,
  totalClicks: z.number().int(),
  sales: z.number().int(),
  clickTotalEarnings: z.number(),
  total_Conversion_Rate: z.number(),
  clickAvgCPC: z.number(),
});
export type SummaryByDateRow = z.infer<typeof summaryByDateRowSchema>;
export const summaryByDateResponseSchema = z.object({ data: z.array(summaryByDateRowSchema) });

/** Part 1 §3 report 2 row (newdashboard source); amounts in USD and EUR. */
export const report2RowSchema = z.object({
  date: isoDateSchema,
  pub_id: z.number().int(),
  domain: z.string(),
  clicks: z.number().int(),
  commission: z.number(),
  commission_eur: z.number(),
});
export type Report2Row = z.infer<typeof report2RowSchema>;

export const report2SummarySchema = z.object({
  totalClicks: z.number().int(),
  totalEarnings: z.number(),
  sales: z.number().int(),
  clickAvgCPC: z.number(),
  totalConversionRate: z.number(),
});
export const report2ResponseSchema = z.object({
  reportsData: z.array(report2RowSchema),
  totalCount: z.number().int(),
  summary: report2SummarySchema,
});
export type Report2Response = z.infer<typeof report2ResponseSchema>;

/** Part 2 §3 conversion row of the deep link 3 source (doneoftheownou). REVENUE is the publisher's, USD. */
export const deeplink3RowSchema = z.object({
  REPORT_DATE: isoDateSchema,
  CAMPAIGN_ID: z.number().int(),
  BRAND: z.string(),
  PLACEMENT_ID: z.string(),
  CLICK_ID: z.string(),
  COUNTRY: z.string(),
  CLICKS: z.number().int(),
  REVENUE: z.number(),
});
export const deeplink3ReportResponseSchema = z.object({
  reportsData: z.array(deeplink3RowSchema),
  totalRecords: z.number().int(),
});

/** The deep link 4 variant (shoppermeet): SUB_ID (vendorId_placement_click) in place of PLACEMENT_ID and CLICK_ID. */
export const deeplink4RowSchema = z.object({
  REPORT_DATE: isoDateSchema,
  CAMPAIGN_ID: z.number().int(),
  BRAND: z.string(),
  SUB_ID: z.string(),
  COUNTRY: z.string(),
  CLICKS: z.number().int(),
  REVENUE: z.number(),
});
export const deeplink4ReportResponseSchema = z.object({
  reportsData: z.array(deeplink4RowSchema),
  totalRecords: z.number().int(),
});

/** The deep link 5 source (kelkoo, CPC only); not shown in the spec, designed here. */
export const deeplink5RowSchema = z.object({
  REPORT_DATE: isoDateSchema,
  CAMPAIGN_ID: z.number().int(),
  MERCHANT_NAME: z.string(),
  COUNTRY: z.string(),
  CLICKS: z.number().int(),
  CPC: z.number(),
  REVENUE: z.number(),
});
export const deeplink5ReportResponseSchema = z.object({
  reportsData: z.array(deeplink5RowSchema),
  totalRecords: z.number().int(),
});

/** Part 2 §3 merchant conversion row. costOfSale = earnings / sales amount * 100 (percent). */
export const merchantQualityRowSchema = z.object({
  merchantName: z.string(),
  clicks: z.number().int(),
  conversionRate: z.number(),
  costOfSale: z.number(),
  cpc: z.number(),
  /** The merchant's target cost-of-sale band, percent. */
  targetCostOfSaleHigh: z.number(),
  targetCostOfSaleLow: z.number(),
  placementId: z.string(),
});
export const categoryQualityRowSchema = z.object({
  category: z.string(),
  clicks: z.number().int(),
  conversionRate: z.number(),
  costOfSale: z.number(),
  cpc: z.number(),
  placementId: z.string(),
});
export const qualityReportResponseSchema = z.discriminatedUnion('groupBy', [
  z.object({ groupBy: z.literal('merchant'), data: z.array(merchantQualityRowSchema) }),
  z.object({ groupBy: z.literal('category'), data: z.array(categoryQualityRowSchema) }),
]);
export type QualityReportResponse = z.infer<typeof qualityReportResponseSchema>;

/** Part 2 §3 "Clicks report row" (the revenue screen's "Daily Revenue Info"). */
export const clicksReportRowSchema = z.object({
  report_date: isoDateSchema,
  publisher_id: z.number().int(),
  campaign_id: z.number().int(),
  placement_id: z.string(),
  rid: z.string(),
  clicks: z.number().int(),
  earnings: z.number(),
  cpc: z.number(),
});
export const clicksReportResponseSchema = z.object({
  reportsData: z.array(clicksReportRowSchema),
  totalRecords: z.number().int(),
});

/** A sale (conversion) of the vendor: My Orders. */
export const orderSchema = z.object({
  orderId: z.string(),
  orderDate: isoDateSchema,
  source: reportSourceSchema,
  merchantName: z.string(),
  placementId: z.string(),
  /** Order value, USD. */
  amount: z.number(),
  /** The vendor's commission on it, USD. */
  commission: z.number(),
  status: z.enum(['approved', 'pending', 'declined']),
});
export type Order = z.infer<typeof orderSchema>;
export const orderHistoryResponseSchema = z.object({ data: z.array(orderSchema), totalRecords: z.number().int() });

/**
 * Part 2 §3 "Report run": one save of daily reports (or one conversion upload). The spec shows no status values.
 * A chunked upload's run is `staged` while its chunks arrive (nothing of it is visible), then `running`, `success` or
 * `failed` once its last chunk came; `discarded` when its last chunk never came (its staged chunks were removed).
 */
export const reportRunStatusSchema = z.enum(['running', 'success', 'failed', 'staged', 'discarded']);
export const reportRunSchema = z.object({
  _id: z.string(),
  source: reportSourceSchema,
  start_time: isoDateTimeSchema,
  end_time: isoDateTimeSchema.nullable(),
  status: reportRunStatusSchema,
  startDate: isoDateSchema,
  endDate: isoDateSchema,
  rowsWritten: z.number().int(),
  /** What failed, when status is failed. */
  error: z.string().nullable(),
});
export type ReportRun = z.infer<typeof reportRunSchema>;

/**
 * Answer of every save call. statusMessage is null when the dates had no rows to save: the screen then shows
 * "No Records found in this Date.".
 */
export const saveReportsResponseSchema = z.object({
  statusMessage: z.string().nullable(),
  run: reportRunSchema,
});
export type SaveReportsResponse = z.infer<typeof saveReportsResponseSchema>;
export const NO_RECORDS_MESSAGE = 'No Records found in this Date.';

/** Part 2 §3 "API log entry": API-key calls counted per vendor. */
export const apiLogEntrySchema = z.object({
  data: z.object({
    fullName: z.string(),
    /** When the vendor's account was created (ISO). */
    created_date: isoDateTimeSchema,
    email: z.string(),
    vendorId: z.number().int(),
  }),
  count: z.number().int(),
});
export const apiLogsResponseSchema = z.object({ data: z.array(apiLogEntrySchema) });
/**
 * Which calls apiLogs counts: `apiKey` (default, the first shape: calls authenticated by apiKey, the API
 * access of scripts and the download page) or `all` (every authenticated call, token or apiKey).
 */
export const apiLogsQuerySchema = z.object({
  calls: z
    .union([z.enum(['apiKey', 'all']), z.literal('')], { errorMap: () => ({ message: 'calls must be apiKey or all' }) })
    .optional()
    .transform((value) => (value === 'all' ? 'all' : 'apiKey')),
});
export const reportRunsResponseSchema = z.object({ data: z.array(reportRunSchema) });

// ---------- conversion upload (POST /home/createBulkReports) ----------

/**
 * The most a money field of report data may hold, USD: one uploaded row's SALES, EARNINGS or CPC, and the sum of
 * SALES or EARNINGS over one campaign's rows of one day (a day's rollup). A billion dollars a day is far beyond any
 * publisher's, and far enough below the largest double that sums over years of days stay finite and exact to the
 * cent.
 */
export const MAX_REPORT_AMOUNT = 1_000_000_000;
/**
 * The most a count field of report data may hold: one uploaded row's CLICKS or SALES_COUNT, and their sum over one
 * campaign's rows of one day. Sums of such counts over years of days stay exact integers (below 2^53).
 */
export const MAX_REPORT_COUNT = 1_000_000_000;
/** The most an uploaded row's CONVERSION_RATE (a percentage; not stored, recomputed from the sums) may be. */
export const MAX_UPLOAD_CONVERSION_RATE = 1_000_000;

const reportAmount = z
  .number()
  .finite('must be a finite amount')
  .min(0, 'must be at least 0')
  .max(MAX_REPORT_AMOUNT, `must be at most ${String(MAX_REPORT_AMOUNT)} (USD)`);
const reportCount = z
  .number()
  .int('must be a whole number')
  .min(0, 'must be at least 0')
  .max(MAX_REPORT_COUNT, `must be at most ${String(MAX_REPORT_COUNT)}`);

/**
 * Part 2 §3 parsed conversion CSV row: CAMPAIGN_ID reduced to digits, PLACEMENT_ID without its campaign prefix.
 * Every number is finite and bounded ({@link MAX_REPORT_AMOUNT}, {@link MAX_REPORT_COUNT}); so is a day's sum
 * (see {@link findUploadDayOverflow}).
 */
export const uploadRowSchema = z.object({
  FROM_DATE: isoDateSchema,
  TO_DATE: isoDateSchema,
  CAMPAIGN_ID: z.number().int().positive(),
  PLACEMENT_ID: z.string().max(100),
  CLICKS: reportCount,
  SALES_COUNT: reportCount,
  /** Sales amount, USD. */
  SALES: reportAmount,
  /** The publisher's earnings, USD. */
  EARNINGS: reportAmount,
  /** Percent; not stored (reports recompute it from the sums). */
  CONVERSION_RATE: z
    .number()
    .finite('must be a finite percentage')
    .min(0, 'must be at least 0')
    .max(MAX_UPLOAD_CONVERSION_RATE, `must be at most ${String(MAX_UPLOAD_CONVERSION_RATE)}`),
  /** USD per click; not stored (reports recompute it from the sums). */
  CPC: reportAmount,
});
export type UploadRow = z.infer<typeof uploadRowSchema>;

/** The fields of an upload row a day sums (its rollup), each with the most the sum may reach. */
export const UPLOAD_SUMMED_FIELDS = {
  CLICKS: MAX_REPORT_COUNT,
  SALES_COUNT: MAX_REPORT_COUNT,
  SALES: MAX_REPORT_AMOUNT,
  EARNINGS: MAX_REPORT_AMOUNT,
} as const;
export type UploadSummedField = keyof typeof UPLOAD_SUMMED_FIELDS;

/** The first row whose field would take its (campaign, date) day's sum past the bound. */
export interface UploadDayOverflow {
  /** 0-based index of the row in the rows checked. */
  index: number;
  field: UploadSummedField;
  campaignId: number;
  date: string;
}

/**
 * Walks the rows in order and answers the first one that takes the sum of a summed field over its campaign's day
 * past {@link UPLOAD_SUMMED_FIELDS}, or null. `held` gives what a day already holds that the rows add to (the
 * earlier chunks of a chunked upload); by default every day starts from nothing (the rows replace it).
 */
export function findUploadDayOverflow(
  rows: readonly UploadRow[],
  held: (campaignId: number, date: string) => Readonly<Record<UploadSummedField, number>> | undefined = () =>
    undefined,
): UploadDayOverflow | null {
  const sums = new Map<string, Record<UploadSummedField, number>>();
  const fields = Object.keys(UPLOAD_SUMMED_FIELDS) as UploadSummedField[];
  for (const [index, row] of rows.entries()) {
    const key = `${String(row.CAMPAIGN_ID)}|${row.FROM_DATE}`;
    let sum = sums.get(key);
    if (!sum) {
      sum = { CLICKS: 0, SALES_COUNT: 0, SALES: 0, EARNINGS: 0, ...held(row.CAMPAIGN_ID, row.FROM_DATE) };
      sums.set(key, sum);
    }
    for (const field of fields) {
      sum[field] += row[field];
      // `!(a <= b)` also catches NaN, which a row of a non-finite value would leave.
      if (!(sum[field] <= UPLOAD_SUMMED_FIELDS[field])) {
        return { index, field, campaignId: row.CAMPAIGN_ID, date: row.FROM_DATE };
      }
    }
  }
  return null;
}

/**
 * What a 400 says of a day's sum past its bound, after the row's path (`reports.<index>.<field>: `, as for any
 * other field of a row).
 */
export const uploadDayOverflowMessage = ({ field, campaignId, date }: UploadDayOverflow): string =>
  `would take the sum of ${field} for CAMPAIGN_ID ${String(campaignId)} on ${date} past ` +
  `${String(UPLOAD_SUMMED_FIELDS[field])} (the most one campaign's day may hold)`;

export const MAX_UPLOAD_ROWS = 50_000;

/**
 * Rows per call the web sends a large file in (about 450 KB of JSON, well under the API's 1 MB body limit).
 * A file of more rows goes as several calls of one upload (`uploadId`, `chunkIndex`, `chunkCount`).
 */
export const UPLOAD_CHUNK_ROWS = 2_000;
/** Most chunks one upload may have (a 50 MB file is about 400,000 rows: 200 chunks). */
export const MAX_UPLOAD_CHUNKS = 1_000;

export const UPLOAD_CHUNK_MESSAGES = {
  partialChunkFields: 'uploadId, chunkIndex and chunkCount go together: send all three or none',
  chunkIndexOutOfRange: 'chunkIndex must be below chunkCount',
} as const;

/**
 * The conversion upload (part 2 §3 "Upload payload": reports + uniqueDates). Replace semantics: for every
 * CAMPAIGN_ID in the rows and every date in uniqueDates, the rows replace what that campaign had on that date
 * (a campaign with no row on a listed date loses that day); other campaigns are untouched. Uploading the same
 * file again therefore gives the same rows, never duplicates.
 *
 * Chunks: a large file is sent as calls of at most {@link UPLOAD_CHUNK_ROWS} rows, each with the same client-made
 * `uploadId`, its 0-based `chunkIndex`, the `chunkCount`, and the whole file's `uniqueDates`. The upload is all or
 * nothing: each chunk is staged, unseen by every reader, and answered with `rowsWritten` 0; the chunk that completes
 * the upload (every index received, in any order) writes the whole file at once, exactly as one call would, and
 * answers all its rows. Sending a chunk again (a retry after a 503 or a lost answer, or after the API restarted)
 * stages or writes nothing twice; `chunksReceived` says how many chunks the API holds. An upload whose next chunk
 * does not come within 24 hours is discarded (its run says so) and a later chunk of it is a 409.
 */
export const createBulkReportsBodySchema = z
  .object({
    reports: z.array(uploadRowSchema).min(1, 'Please upload valid report.').max(MAX_UPLOAD_ROWS),
    uniqueDates: z.array(isoDateSchema).min(1, 'Please upload valid report.'),
    /** Client-made id shared by the chunks of one upload (8 to 64 letters, digits, `-`, `_`). */
    uploadId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, 'uploadId must be 8 to 64 letters, digits, hyphens or underscores')
      .optional(),
    chunkIndex: z
      .number()
      .int()
      .min(0)
      .max(MAX_UPLOAD_CHUNKS - 1)
      .optional(),
    chunkCount: z.number().int().min(1).max(MAX_UPLOAD_CHUNKS).optional(),
    apiKey: apiKeyBodyField,
  })
  .refine(
    (body) => body.reports.every((row) => row.FROM_DATE === row.TO_DATE && body.uniqueDates.includes(row.FROM_DATE)),
    {
      message: 'Every row must have FROM_DATE equal to TO_DATE and a date listed in uniqueDates',
      path: ['reports'],
    },
  )
  .refine(
    (body) =>
      (body.uploadId === undefined) === (body.chunkIndex === undefined) &&
      (body.uploadId === undefined) === (body.chunkCount === undefined),
    { message: UPLOAD_CHUNK_MESSAGES.partialChunkFields, path: ['uploadId'] },
  )
  .refine(
    (body) => body.chunkIndex === undefined || body.chunkCount === undefined || body.chunkIndex < body.chunkCount,
    {
      message: UPLOAD_CHUNK_MESSAGES.chunkIndexOutOfRange,
      path: ['chunkIndex'],
    },
  )
  .superRefine((body, context) => {
    // A day's sums are bounded as its rows are: two rows that each pass may not sum past the bound (the API checks
    // again with what earlier chunks of the upload wrote). A row over the bound itself has its own issue already.
    const fields = Object.keys(UPLOAD_SUMMED_FIELDS) as UploadSummedField[];
    if (body.reports.some((row) => fields.some((field) => !(row[field] <= UPLOAD_SUMMED_FIELDS[field])))) return;
    const overflow = findUploadDayOverflow(body.reports);
    if (overflow) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        message: uploadDayOverflowMessage(overflow),
        path: ['reports', overflow.index, overflow.field],
      });
    }
  });
export type CreateBulkReportsBody = z.infer<typeof createBulkReportsBodySchema>;

export const createBulkReportsResponseSchema = z.object({
  success: z.literal(true),
  rowsWritten: z.number().int(),
  statusMessages: z.array(z.string()),
  /**
   * Chunked uploads: how many distinct chunks of this upload the API holds now (equals chunkCount once the upload is
   * written). `rowsWritten` is 0 for a chunk staged and every row of the upload for the chunk that completes it.
   */
  chunksReceived: z.number().int().optional(),
  /**
   * Chunked uploads, once written: every row the whole upload wrote. The chunk that completes it says so, and so
   * does a chunk sent again afterwards (a retry after a lost answer: `rowsWritten` 0, nothing written twice), so the
   * client can report the upload's rows whichever answer reached it.
   */
  uploadRowsWritten: z.number().int().optional(),
});
export type CreateBulkReportsResponse = z.infer<typeof createBulkReportsResponseSchema>;
