import { initContract } from '@ts-rest/core';
import { routeMetadata } from '../common/access';
import { commonErrorResponses } from '../common/error.schema';
import {
  apiLogsQuerySchema,
  apiLogsResponseSchema,
  campaignDownloadQuerySchema,
  clicksReportResponseSchema,
  connexityDownloadQuerySchema,
  connexityQuerySchema,
  conversionReportResponseSchema,
  createBulkReportsBodySchema,
  createBulkReportsResponseSchema,
  deeplink3ReportResponseSchema,
  deeplink4ReportResponseSchema,
  deeplink5ReportResponseSchema,
  downloadAllQuerySchema,
  earningsReportResponseSchema,
  orderHistoryBodySchema,
  orderHistoryResponseSchema,
  pagedReportBodySchema,
  performanceReportResponseSchema,
  qualityDownloadQuerySchema,
  qualityReportBodySchema,
  qualityReportResponseSchema,
  report2ResponseSchema,
  reportRangeBodySchema,
  reportRunsResponseSchema,
  reportSummaryResponseSchema,
  saveDateQuerySchema,
  saveRangeQuerySchema,
  saveReportsResponseSchema,
  saveSingleDateQuerySchema,
  summaryByDateResponseSchema,
  topPerformersResponseSchema,
} from './reports.schema';
import { csvDownloadMetadata } from '../common/csv';
import {
  CONVERSION_CSV_COLUMNS,
  DAY_WISE_CSV_COLUMNS,
  DEEPLINK3_CSV_COLUMNS,
  DEEPLINK4_CSV_COLUMNS,
  DEEPLINK5_CSV_COLUMNS,
  MERCHANT_QUALITY_CSV_COLUMNS,
  REPORT2_CSV_COLUMNS,
} from './reports.csv';

const c = initContract();

/** A CSV download: streamed, with a header row and Content-Disposition naming the spec's file. */
const csv = c.otherResponse({ contentType: 'text/csv; charset=utf-8', body: c.type<string>() });

/** The spec's file names for each download. */
export const CSV_FILE_NAMES = {
  conversionReports: 'conversion_reports.csv',
  conversionReportsDayWise: 'conversion_reports_day_wise.csv',
  conversionReports2: 'conversion_reports2.csv',
  deeplink3: 'conversion_reports3.csv',
  deeplink4: 'conversion_reports4.csv',
  deeplink5: 'conversion_reports5.csv',
  quality: (groupBy: 'merchant' | 'category') => `${groupBy}_quality_reports.csv`,
} as const;

const token = routeMetadata('token');
const tokenOrApiKey = routeMetadata('tokenOrApiKey');
const admin = routeMetadata('admin');

export const reportsContract = c.router(
  {
    // ----- dashboard (connexity source, read from the daily rollups) -----
    getEarningsReport: {
      method: 'POST',
      path: '/home/getEarningsReport',
      body: reportRangeBodySchema,
      responses: { 200: earningsReportResponseSchema },
      metadata: token,
      summary: 'Dashboard: totals and one row per period (daily, weekly or monthly).',
    },
    getTopPerformers: {
      method: 'POST',
      path: '/home/getTopPerformers',
      body: reportRangeBodySchema,
      responses: { 200: topPerformersResponseSchema },
      metadata: token,
      summary:
        'Dashboard: the top merchants and placements of the range and type (isCPC), most earnings first, ' +
        'TOP_PERFORMERS_LIMIT of each; aggregation has no effect (designed; not in the spec).',
    },
    getPerformanceReport: {
      method: 'POST',
      path: '/home/getPerformanceReport',
      body: reportRangeBodySchema,
      responses: { 200: performanceReportResponseSchema },
      metadata: token,
      summary: 'Clicks, earnings and CPC summed per period.',
    },
    getClicksReports: {
      method: 'POST',
      path: '/home/getClicksReports',
      body: pagedReportBodySchema,
      responses: { 200: clicksReportResponseSchema },
      metadata: token,
      summary:
        'Revenue report ("Daily Revenue Info"): clicks and earnings by date, placement and rid; paged, page 0-based (0 is the first page).',
    },
    getAllClicksSummary: {
      method: 'POST',
      path: '/home/getAllClicksSummary',
      body: reportRangeBodySchema,
      responses: { 200: reportSummaryResponseSchema },
      metadata: token,
      summary: 'Summary cards of the conversion report over the range.',
    },
    getAllClicksSummarybyDate: {
      method: 'POST',
      path: '/home/getAllClicksSummarybyDate',
      body: reportRangeBodySchema,
      responses: { 200: summaryByDateResponseSchema },
      metadata: token,
      summary: 'Date-wise summary rows.',
    },

    // ----- conversion report 1 (connexity source) -----
    getConversionReports: {
      method: 'POST',
      path: '/home/getConversionReports',
      body: pagedReportBodySchema,
      responses: { 200: conversionReportResponseSchema },
      metadata: token,
      summary: 'Conversion report 1: paged, page 0-based (0 is the first page; part 2 §7), limit or pageSize rows.',
    },
    getConversionReportSummary: {
      method: 'POST',
      path: '/home/getConversionReportSummary',
      body: reportRangeBodySchema,
      responses: { 200: reportSummaryResponseSchema },
      metadata: token,
      summary: 'Conversion report 1 summary.',
    },
    getConversionReportSummaryByDate: {
      method: 'POST',
      path: '/home/getConversionReportSummaryByDate',
      body: reportRangeBodySchema,
      responses: { 200: summaryByDateResponseSchema },
      metadata: token,
      summary: 'Conversion report 1 summary per date.',
    },
    getConversionReportsDownLoad: {
      method: 'POST',
      path: '/home/getConversionReportsDownLoad',
      body: reportRangeBodySchema,
      responses: { 200: csv },
      metadata: csvDownloadMetadata('token', CONVERSION_CSV_COLUMNS),
      summary: 'Conversion report 1 as CSV (conversion_reports.csv).',
    },
    getQualityReport: {
      method: 'POST',
      path: '/home/getQualityReport',
      body: qualityReportBodySchema,
      responses: { 200: qualityReportResponseSchema },
      metadata: token,
      summary:
        'Quality and conversion dashboard: by merchant or by category, summed over the range (aggregation is accepted and has no effect).',
    },
    getOrderHistory: {
      method: 'POST',
      path: '/home/getOrderHistory',
      body: orderHistoryBodySchema,
      responses: { 200: orderHistoryResponseSchema },
      metadata: token,
      summary:
        "My Orders: the vendor's sales, newest first; paged, page 0-based (0 is the first page) like the other POST reports (designed; not shown in the spec).",
    },

    // ----- connexity-style GETs: apiKey + vendorId, page 0-based (part 1 §7), limit = page size -----
    connexityConversionReport: {
      method: 'GET',
      path: '/v1/connexity/getConversionReport',
      query: connexityQuerySchema,
      responses: { 200: conversionReportResponseSchema },
      metadata: tokenOrApiKey,
      summary: 'Conversion report 1 for scripts: paged, page 0-based (0 is the first page; part 1 §7), limit rows.',
    },
    connexityConversionReportSummary: {
      method: 'GET',
      path: '/v1/connexity/getConversionReportSummary',
      query: connexityQuerySchema,
      responses: { 200: reportSummaryResponseSchema },
      metadata: tokenOrApiKey,
      summary:
        'Conversion report 1 summary for scripts: not paged; the shared query accepts page 0-based and limit (part 1 §7) and ignores them.',
    },
    connexityConversionReportSummaryByDate: {
      method: 'GET',
      path: '/v1/connexity/getConversionReportSummaryByDate',
      query: connexityQuerySchema,
      responses: { 200: summaryByDateResponseSchema },
      metadata: tokenOrApiKey,
      summary:
        'Conversion report 1 summary per date for scripts: not paged; the shared query accepts page 0-based and limit (part 1 §7) and ignores them.',
    },
    connexityDownloadConversionReport: {
      method: 'GET',
      path: '/v1/connexity/downloadConversionReport',
      query: connexityDownloadQuerySchema,
      responses: { 200: csv },
      metadata: csvDownloadMetadata('tokenOrApiKey', CONVERSION_CSV_COLUMNS),
      summary: 'conversion_reports.csv',
    },
    connexityDownloadConversionReportByDate: {
      method: 'GET',
      path: '/v1/connexity/downloadConversionReportByDate',
      query: connexityDownloadQuerySchema,
      responses: { 200: csv },
      metadata: csvDownloadMetadata('tokenOrApiKey', DAY_WISE_CSV_COLUMNS),
      summary: 'conversion_reports_day_wise.csv',
    },

    // ----- report 2 (newdashboard source, deep links 2) -----
    getConversionReports2: {
      method: 'POST',
      path: '/newdashboard/getConversionReports2',
      body: pagedReportBodySchema,
      responses: { 200: report2ResponseSchema },
      metadata: token,
      summary:
        'Conversion report 2 with its summary, of the isCPC type (both when absent): paged, page 0-based (0 is the first page; part 2 §7).',
    },
    downloadConversionReports2: {
      method: 'GET',
      path: '/newdashboard/downloadConversionReports2',
      query: campaignDownloadQuerySchema,
      responses: { 200: csv },
      metadata: csvDownloadMetadata('tokenOrApiKey', REPORT2_CSV_COLUMNS),
      summary: 'conversion_reports2.csv',
    },

    // ----- deep links 3, 4 and 5 sources -----
    getDeeplink3ConversionReports: {
      method: 'POST',
      path: '/doneoftheownou/getConversionReports',
      body: pagedReportBodySchema,
      responses: { 200: deeplink3ReportResponseSchema },
      metadata: token,
      summary: 'Deep links 3 conversion report: paged, page 0-based (0 is the first page), limit or pageSize rows.',
    },
    downloadDeeplink3ConversionReports: {
      method: 'GET',
      path: '/doneoftheownou/downloadConversionReports',
      query: campaignDownloadQuerySchema,
      responses: { 200: csv },
      metadata: csvDownloadMetadata('tokenOrApiKey', DEEPLINK3_CSV_COLUMNS),
      summary: 'conversion_reports3.csv',
    },
    getDeeplink4ConversionReports: {
      method: 'POST',
      path: '/shoppermeet/getConversionReports',
      body: pagedReportBodySchema,
      responses: { 200: deeplink4ReportResponseSchema },
      metadata: token,
      summary: 'Deep links 4 conversion report: paged, page 0-based (0 is the first page), limit or pageSize rows.',
    },
    downloadDeeplink4ConversionReports: {
      method: 'GET',
      path: '/shoppermeet/downloadConversionReports',
      query: campaignDownloadQuerySchema,
      responses: { 200: csv },
      metadata: csvDownloadMetadata('tokenOrApiKey', DEEPLINK4_CSV_COLUMNS),
      summary: 'conversion_reports4.csv (designed; not shown in the spec)',
    },
    getDeeplink5ConversionReports: {
      method: 'POST',
      path: '/kelkoo/getConversionReports',
      body: pagedReportBodySchema,
      responses: { 200: deeplink5ReportResponseSchema },
      metadata: token,
      summary:
        'Deep links 5 conversion report: paged, page 0-based (0 is the first page) (designed; not shown in the spec).',
    },
    downloadDeeplink5ConversionReports: {
      method: 'GET',
      path: '/kelkoo/downloadConversionReports',
      query: campaignDownloadQuerySchema,
      responses: { 200: csv },
      metadata: csvDownloadMetadata('tokenOrApiKey', DEEPLINK5_CSV_COLUMNS),
      summary: 'conversion_reports5.csv (designed; not shown in the spec)',
    },

    // ----- part 2 downloads -----
    downloadQualityReport: {
      method: 'GET',
      path: '/reports/downloadQualityReport',
      query: qualityDownloadQuerySchema,
      responses: { 200: csv },
      metadata: csvDownloadMetadata('tokenOrApiKey', MERCHANT_QUALITY_CSV_COLUMNS),
      summary: '{groupBy}_quality_reports.csv',
    },
    downloadConversionReportsAll: {
      method: 'GET',
      path: '/reports/downloadConversionReportsAll',
      query: downloadAllQuerySchema,
      responses: { 200: csv },
      metadata: csvDownloadMetadata('tokenOrApiKey', CONVERSION_CSV_COLUMNS),
      summary: 'conversion_reports.csv over a range (default the last 30 days); used by the download page.',
    },

    // ----- save daily reports (admin): pull the upstream rows of those dates into MongoDB -----
    saveDailyReportsConnexity: {
      method: 'GET',
      path: '/home/saveDailyReports',
      query: saveSingleDateQuerySchema,
      responses: { 200: saveReportsResponseSchema },
      metadata: admin,
    },
    saveDailyReportsNewdashboard: {
      method: 'GET',
      path: '/newdashboard/saveDailyReports',
      query: saveRangeQuerySchema,
      responses: { 200: saveReportsResponseSchema },
      metadata: admin,
    },
    saveDailyReportsDoneoftheownou: {
      method: 'GET',
      path: '/doneoftheownou/saveDailyReports',
      query: saveDateQuerySchema,
      responses: { 200: saveReportsResponseSchema },
      metadata: admin,
    },
    saveDailyReportsShoppermeet: {
      method: 'GET',
      path: '/shoppermeet/saveDailyReports',
      query: saveRangeQuerySchema,
      responses: { 200: saveReportsResponseSchema },
      metadata: admin,
    },
    saveDailyReportsKelkoo: {
      method: 'GET',
      path: '/kelkoo/saveDailyReports',
      query: saveRangeQuerySchema,
      responses: { 200: saveReportsResponseSchema },
      metadata: admin,
      summary: 'The fifth source (designed; not shown in the spec).',
    },
    createBulkReports: {
      method: 'POST',
      path: '/home/createBulkReports',
      body: createBulkReportsBodySchema,
      responses: { 200: createBulkReportsResponseSchema },
      metadata: admin,
      summary:
        'Conversion upload: replaces the connexity rows of the uploaded dates and campaigns (re-uploading never ' +
        'duplicates). Large files: chunks of UPLOAD_CHUNK_ROWS rows with uploadId, chunkIndex (0-based) and ' +
        'chunkCount, all or nothing: chunks are staged unseen, the last one writes the whole file at once; an ' +
        'upload with no new chunk for 24 hours is discarded (409 for a later chunk).',
    },

    // ----- logs -----
    apiLogs: {
      method: 'GET',
      path: '/home/logs/apiLogs',
      query: apiLogsQuerySchema,
      responses: { 200: apiLogsResponseSchema },
      metadata: token,
      summary:
        'The API logs of the Merchant/logs screen (/AllLogs), for any signed-in vendor: calls counted per vendor (all ' +
        'vendors for the admin, your own otherwise); calls=apiKey (default) counts API-key calls, calls=all every ' +
        'authenticated call (also the "All Vendors API Access Reports List" table one).',
    },
    reportRuns: {
      method: 'GET',
      path: '/home/logs/reportRuns',
      responses: { 200: reportRunsResponseSchema },
      metadata: admin,
      summary:
        'Designed (admin): report runs (saves, uploads, seed batches), newest first, the "All Vendors API Access ' +
        'Reports List" table two. The spec names no call for it; /home/logs/esLogs is the search-engine logs.',
    },
  },
  { commonResponses: commonErrorResponses, strictStatusCodes: true },
);
