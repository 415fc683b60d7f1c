import type { Readable } from 'node:stream';
import type { Request, Response } from 'express';
import { initServer } from '@ts-rest/express';
import {
  addDays,
  CSV_FILE_NAMES,
  DATE_RANGE_MESSAGES,
  daysInRange,
  formatDisplayDate,
  MAX_DATE_RANGE_DAYS,
  reportsContract,
  type ReportSource,
  todayUtc,
} from '@publisher/contract';
import type { ClickRecorder } from '../deep-links/click-recorder';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { callerOf, isAdmin, readableVendorId } from '../shared/auth/caller';
import { csvStream, prepareCsvDownload } from '../shared/csv';
import { writeFenceOf } from '../shared/request-deadline';
import {
  UPLOAD_SUCCESS_MESSAGE,
  saveReports,
  uploadConversionReports,
  type SaveOutcome,
} from './report-ingest.service';
import { CATEGORY_QUALITY_COLUMNS, DAY_WISE_COLUMNS, MERCHANT_QUALITY_COLUMNS, detailCsv } from './reports.csv';
import {
  presentClicksRow,
  presentConversionRow,
  presentDeeplink3Row,
  presentDeeplink4Row,
  presentDeeplink5Row,
  presentReport2Row,
  presentRun,
} from './reports.presenter';
import {
  apiLogs,
  detailPage,
  detailRowBatches,
  earningsReport,
  orderHistory,
  performanceReport,
  qualityReport,
  reportRuns,
  reportSummary,
  summaryByDate,
  topPerformers,
  type PageQuery,
  type RangeQuery,
} from './reports.service';
import type { ReportCache } from './rollup-cache';
import { beforeCommitPoint } from '../shared/request-scope';

const s = initServer();

export const OTHER_VENDOR_MESSAGE = "You can only read your own vendor's reports.";
/** Days the download page covers when it sends no dates (part 2 §2: "for the last 30 days"). */
const DOWNLOAD_ALL_DEFAULT_DAYS = 30;

const vendorOf = (req: Pick<Request, 'caller'>, requested?: number): number =>
  readableVendorId(callerOf(req), requested, OTHER_VENDOR_MESSAGE);

/** POST pages are 0-based, as the spec sends them (part 2 §7); `limit` (when sent) wins over `pageSize`. */
function postPage(body: RangeQuery & { page: number; pageSize: number; limit?: number | undefined }): PageQuery {
  const size = body.limit ?? body.pageSize;
  return {
    startDate: body.startDate,
    endDate: body.endDate,
    isCPC: body.isCPC,
    offset: body.page * size,
    limit: size,
  };
}

/** The connexity-style GETs: page is 0-based, limit is the page size. */
function zeroBasedPage(query: RangeQuery & { page: number; limit: number }): PageQuery {
  return {
    startDate: query.startDate,
    endDate: query.endDate,
    isCPC: query.isCPC,
    offset: query.page * query.limit,
    limit: query.limit,
  };
}

const range = (query: RangeQuery): RangeQuery => ({
  startDate: query.startDate,
  endDate: query.endDate,
  isCPC: query.isCPC,
});

/** ts-rest pipes a Stream body straight to the response; the contract types the body as the CSV text it becomes. */
function csvResponse(res: Response, fileName: string, stream: Readable) {
  return { status: 200 as const, body: prepareCsvDownload(res, fileName, stream) as unknown as string };
}

function saveResponse(outcome: SaveOutcome) {
  const first = outcome.datesSaved[0];
  const last = outcome.datesSaved[outcome.datesSaved.length - 1];
  const statusMessage =
    outcome.rowsWritten > 0 && first && last
      ? `Saved ${outcome.rowsWritten} ${outcome.run.source} report rows for ${first === last ? formatDisplayDate(first) : `${formatDisplayDate(first)} to ${formatDisplayDate(last)}`}.`
      : null;
  return { status: 200 as const, body: { statusMessage, run: presentRun(outcome.run) } };
}

export interface ReportsRouterDeps {
  /** The app's report cache: every read goes through it, every save and upload tells it what it rewrote. */
  cache: ReportCache;
  /** The app's click recorder: a save writes the clicks buffered so far before it reads them. */
  clicks: ClickRecorder;
  /** The app's clock: "today" of the saves and the default download range. */
  clock: Clock;
  /** Awaited before the API logs are read: writes the calls recorded so far (the activity recorder). */
  beforeLogRead?: () => Promise<void>;
}

export function createReportsRouter({ cache, clicks, clock, beforeLogRead }: ReportsRouterDeps) {
  // A save and an upload commit at a point of their own (their fence's commit), not at their first write.
  const save = (source: ReportSource, startDate: string, endDate: string, res: Response) =>
    beforeCommitPoint(() =>
      saveReports({
        source,
        startDate,
        endDate,
        cache,
        clicks,
        today: todayUtc(clock.now()),
        fence: writeFenceOf(res),
      }),
    ).then(saveResponse);
  return s.router(reportsContract, {
    // ----- dashboard and summaries -----
    getEarningsReport: async ({ body, req }) => ({
      status: 200,
      body: await earningsReport(cache, vendorOf(req, body.campaign_id), {
        ...range(body),
        aggregation: body.aggregation,
      }),
    }),
    getTopPerformers: async ({ body, req }) => ({
      status: 200,
      body: await topPerformers(cache, vendorOf(req, body.campaign_id), range(body)),
    }),
    getPerformanceReport: async ({ body, req }) => ({
      status: 200,
      body: {
        reportsData: await performanceReport(cache, vendorOf(req, body.campaign_id), {
          ...range(body),
          aggregation: body.aggregation,
        }),
      },
    }),
    getClicksReports: async ({ body, req }) => {
      const page = await detailPage(cache, 'connexity', vendorOf(req, body.campaign_id), postPage(body));
      return { status: 200, body: { reportsData: page.rows.map(presentClicksRow), totalRecords: page.total } };
    },
    getAllClicksSummary: async ({ body, req }) => ({
      status: 200,
      body: { data: await reportSummary(cache, vendorOf(req, body.campaign_id), range(body)) },
    }),
    getAllClicksSummarybyDate: async ({ body, req }) => ({
      status: 200,
      body: {
        data: await summaryByDate(cache, vendorOf(req, body.campaign_id), {
          ...range(body),
          aggregation: body.aggregation,
        }),
      },
    }),

    // ----- conversion report 1 -----
    getConversionReports: async ({ body, req }) => {
      const page = await detailPage(cache, 'connexity', vendorOf(req, body.campaign_id), postPage(body));
      return { status: 200, body: { reportsData: page.rows.map(presentConversionRow), totalRecords: page.total } };
    },
    getConversionReportSummary: async ({ body, req }) => ({
      status: 200,
      body: { data: await reportSummary(cache, vendorOf(req, body.campaign_id), range(body)) },
    }),
    getConversionReportSummaryByDate: async ({ body, req }) => ({
      status: 200,
      body: {
        data: await summaryByDate(cache, vendorOf(req, body.campaign_id), {
          ...range(body),
          aggregation: body.aggregation,
        }),
      },
    }),
    getConversionReportsDownLoad: async ({ body, req, res }) => {
      const vendorId = vendorOf(req, body.campaign_id);
      return csvResponse(
        res,
        CSV_FILE_NAMES.conversionReports,
        detailCsv.connexity(detailRowBatches(cache, 'connexity', vendorId, range(body))),
      );
    },
    getQualityReport: async ({ body, req }) => ({
      status: 200,
      body: await qualityReport(
        cache,
        vendorOf(req, body.campaign_id),
        { startDate: body.startDate, endDate: body.endDate },
        body.groupBy,
      ),
    }),
    getOrderHistory: async ({ body, req }) => {
      const page = await orderHistory(cache, callerOf(req).user.vendorId, body.page * body.pageSize, body.pageSize);
      return { status: 200, body: { data: page.rows, totalRecords: page.total } };
    },

    // ----- connexity-style GETs -----
    connexityConversionReport: async ({ query, req }) => {
      const page = await detailPage(cache, 'connexity', vendorOf(req, query.vendorId), zeroBasedPage(query));
      return { status: 200, body: { reportsData: page.rows.map(presentConversionRow), totalRecords: page.total } };
    },
    connexityConversionReportSummary: async ({ query, req }) => ({
      status: 200,
      body: { data: await reportSummary(cache, vendorOf(req, query.vendorId), range(query)) },
    }),
    connexityConversionReportSummaryByDate: async ({ query, req }) => ({
      status: 200,
      body: {
        data: await summaryByDate(cache, vendorOf(req, query.vendorId), { ...range(query), aggregation: 'daily' }),
      },
    }),
    connexityDownloadConversionReport: async ({ query, req, res }) => {
      const vendorId = vendorOf(req, query.vendorId);
      return csvResponse(
        res,
        CSV_FILE_NAMES.conversionReports,
        detailCsv.connexity(detailRowBatches(cache, 'connexity', vendorId, range(query))),
      );
    },
    connexityDownloadConversionReportByDate: async ({ query, req, res }) => {
      const rows = await summaryByDate(cache, vendorOf(req, query.vendorId), { ...range(query), aggregation: 'daily' });
      return csvResponse(res, CSV_FILE_NAMES.conversionReportsDayWise, csvStream(rows, DAY_WISE_COLUMNS));
    },

    // ----- report 2 and deep links 3 to 5 -----
    getConversionReports2: async ({ body, req }) => {
      const vendorId = vendorOf(req, body.campaign_id);
      const [page, summary] = await Promise.all([
        detailPage(cache, 'newdashboard', vendorId, postPage(body)),
        reportSummary(cache, vendorId, range(body), 'newdashboard'),
      ]);
      return {
        status: 200,
        body: {
          reportsData: page.rows.map(presentReport2Row),
          totalCount: page.total,
          summary: {
            totalClicks: summary.totalClicks,
            totalEarnings: summary.totalEarnings,
            sales: summary.totalSales,
            clickAvgCPC: summary.clickAvgCPC,
            totalConversionRate: summary.totalConversionRate,
          },
        },
      };
    },
    downloadConversionReports2: async ({ query, req, res }) => {
      const vendorId = vendorOf(req, query.campaign_id);
      return csvResponse(
        res,
        CSV_FILE_NAMES.conversionReports2,
        detailCsv.newdashboard(detailRowBatches(cache, 'newdashboard', vendorId, range(query))),
      );
    },
    getDeeplink3ConversionReports: async ({ body, req }) => {
      const page = await detailPage(cache, 'doneoftheownou', vendorOf(req, body.campaign_id), postPage(body));
      return { status: 200, body: { reportsData: page.rows.map(presentDeeplink3Row), totalRecords: page.total } };
    },
    downloadDeeplink3ConversionReports: async ({ query, req, res }) => {
      const vendorId = vendorOf(req, query.campaign_id);
      return csvResponse(
        res,
        CSV_FILE_NAMES.deeplink3,
        detailCsv.doneoftheownou(detailRowBatches(cache, 'doneoftheownou', vendorId, range(query))),
      );
    },
    getDeeplink4ConversionReports: async ({ body, req }) => {
      const page = await detailPage(cache, 'shoppermeet', vendorOf(req, body.campaign_id), postPage(body));
      return { status: 200, body: { reportsData: page.rows.map(presentDeeplink4Row), totalRecords: page.total } };
    },
    downloadDeeplink4ConversionReports: async ({ query, req, res }) => {
      const vendorId = vendorOf(req, query.campaign_id);
      return csvResponse(
        res,
        CSV_FILE_NAMES.deeplink4,
        detailCsv.shoppermeet(detailRowBatches(cache, 'shoppermeet', vendorId, range(query))),
      );
    },
    getDeeplink5ConversionReports: async ({ body, req }) => {
      const page = await detailPage(cache, 'kelkoo', vendorOf(req, body.campaign_id), postPage(body));
      return { status: 200, body: { reportsData: page.rows.map(presentDeeplink5Row), totalRecords: page.total } };
    },
    downloadDeeplink5ConversionReports: async ({ query, req, res }) => {
      const vendorId = vendorOf(req, query.campaign_id);
      return csvResponse(
        res,
        CSV_FILE_NAMES.deeplink5,
        detailCsv.kelkoo(detailRowBatches(cache, 'kelkoo', vendorId, range(query))),
      );
    },

    // ----- part 2 downloads -----
    downloadQualityReport: async ({ query, req, res }) => {
      const report = await qualityReport(
        cache,
        vendorOf(req, query.campaign_id),
        { startDate: query.startDate, endDate: query.endDate },
        query.groupBy,
      );
      const stream =
        report.groupBy === 'merchant'
          ? csvStream(report.data, MERCHANT_QUALITY_COLUMNS)
          : csvStream(report.data, CATEGORY_QUALITY_COLUMNS);
      return csvResponse(res, CSV_FILE_NAMES.quality(report.groupBy), stream);
    },
    downloadConversionReportsAll: async ({ query, req, res }) => {
      const vendorId = vendorOf(req, query.campaign_id);
      // Never inverted: the contract rejects start > end when both are sent, and a missing date defaults to one
      // on the right side of the other.
      const today = todayUtc(clock.now());
      const endDate = query.endDate ?? (query.startDate && query.startDate > today ? query.startDate : today);
      const startDate = query.startDate ?? addDays(endDate, -(DOWNLOAD_ALL_DEFAULT_DAYS - 1));
      // The contract bounds a range whose two ends are sent; a start sent alone ends today, so the bound is checked
      // here (a start in year 0013 made the API walk 735,000 days and run out of memory; found by the fuzzer).
      if (daysInRange(startDate, endDate) > MAX_DATE_RANGE_DAYS)
        throw AppError.badRequest(DATE_RANGE_MESSAGES.rangeTooLong);
      const days = detailRowBatches(cache, 'connexity', vendorId, {
        startDate,
        endDate,
        isCPC: query.isPublisherAI === undefined ? undefined : !query.isPublisherAI,
      });
      return csvResponse(res, CSV_FILE_NAMES.conversionReports, detailCsv.connexity(days));
    },

    // ----- saves and upload (admin) -----
    saveDailyReportsConnexity: async ({ query, res }) => save('connexity', query.startDate, query.startDate, res),
    saveDailyReportsNewdashboard: async ({ query, res }) => save('newdashboard', query.startDate, query.endDate, res),
    saveDailyReportsDoneoftheownou: async ({ query, res }) => save('doneoftheownou', query.date, query.date, res),
    saveDailyReportsShoppermeet: async ({ query, res }) => save('shoppermeet', query.startDate, query.endDate, res),
    saveDailyReportsKelkoo: async ({ query, res }) => save('kelkoo', query.startDate, query.endDate, res),
    createBulkReports: async ({ body, res }) => {
      const { rowsWritten, chunksReceived, uploadRowsWritten } = await beforeCommitPoint(() =>
        uploadConversionReports(body, cache, undefined, writeFenceOf(res)),
      );
      return {
        status: 200,
        body: {
          success: true,
          rowsWritten,
          statusMessages: [UPLOAD_SUCCESS_MESSAGE],
          ...(chunksReceived === undefined ? {} : { chunksReceived }),
          ...(uploadRowsWritten === undefined ? {} : { uploadRowsWritten }),
        },
      };
    },

    // ----- logs -----
    apiLogs: async ({ query, req }) => {
      const caller = callerOf(req);
      await beforeLogRead?.();
      return { status: 200, body: { data: await apiLogs(caller.user.vendorId, isAdmin(caller), query.calls) } };
    },
    reportRuns: async () => ({ status: 200, body: { data: (await reportRuns()).map(presentRun) } }),
  });
}
