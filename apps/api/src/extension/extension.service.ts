import { eachDate, EXTENSION_MESSAGES, type ExtensionRevenue, type SavedExtensionDay } from '@publisher/contract';
import { writeInBatches } from '../shared/db-limits';
import { ExtensionReportModel, type ExtensionReportRecord } from './extension-report.model';
import { EXTENSION_TOKEN_SECONDS, type ExtensionRevenueService } from './extension-revenue-service';

/** How the API reaches the revenue service: with the service account of its configuration, never the web's. */
export interface ExtensionServiceAccount {
  email: string;
  password: string;
  account: string;
}

export interface ExtensionService {
  /** The three tables of a date, read from the revenue service. */
  revenue(date: string): Promise<ExtensionRevenue>;
  /** Fetches and stores every date of the range (replacing earlier saves); answers what is now saved. */
  save(startDate: string, endDate: string): Promise<{ statusMessage: string; data: SavedExtensionDay[] }>;
  saved(startDate: string, endDate: string): Promise<SavedExtensionDay[]>;
}

export interface ExtensionServiceDeps {
  upstream: ExtensionRevenueService;
  serviceAccount: ExtensionServiceAccount;
  /** The app's clock (app-state.ts): the scenario controls may fix it. */
  now: () => Date;
}

const cents = (value: number) => Math.round(value * 100) / 100;

function savedDayOf(record: ExtensionReportRecord): SavedExtensionDay {
  return {
    date: record._id,
    dailyRows: record.daily.length,
    deviceRows: record.device.length,
    marketRows: record.market.length,
    partnerRevShare: cents(record.daily.reduce((sum, row) => sum + row.partner_rev_share, 0)),
    savedAt: record.savedAt.toISOString(),
  };
}

export function createExtensionService({ upstream, serviceAccount, now }: ExtensionServiceDeps): ExtensionService {
  let session: { token: string; expiresAt: number } | undefined;

  /** The service token, signed in again a minute before it expires (the spec's client cached it the same way). */
  function token(): string {
    if (!session || session.expiresAt - 60_000 < now().getTime()) {
      const { token: fresh, expiresIn } = upstream.login(serviceAccount.email, serviceAccount.password);
      session = { token: fresh, expiresAt: now().getTime() + Math.min(expiresIn, EXTENSION_TOKEN_SECONDS) * 1000 };
    }
    return session.token;
  }

  async function revenue(date: string): Promise<ExtensionRevenue> {
    const bearer = token();
    const { account } = serviceAccount;
    return {
      date,
      daily: upstream.daily(bearer, account, date),
      device: upstream.device(bearer, account, date),
      market: upstream.market(bearer, account, date),
    };
  }

  async function saved(startDate: string, endDate: string): Promise<SavedExtensionDay[]> {
    const records = await ExtensionReportModel.find({ _id: { $gte: startDate, $lte: endDate } })
      .sort({ _id: 1 })
      .limit(eachDate(startDate, endDate).length)
      .lean<ExtensionReportRecord[]>();
    return records.map(savedDayOf);
  }

  return {
    revenue,
    saved,
    async save(startDate, endDate) {
      const savedAt = now();
      const days = await Promise.all(eachDate(startDate, endDate).map((date) => revenue(date)));
      // One replace per day, in bounded batches within the process's write budget.
      await writeInBatches(days, (batch) =>
        ExtensionReportModel.bulkWrite(
          batch.map((day) => ({
            replaceOne: {
              filter: { _id: day.date },
              replacement: { _id: day.date, daily: day.daily, device: day.device, market: day.market, savedAt },
              upsert: true,
            },
          })),
          { ordered: false },
        ),
      );
      return { statusMessage: EXTENSION_MESSAGES.saved(days.length), data: await saved(startDate, endDate) };
    },
  };
}
