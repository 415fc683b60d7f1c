import type {
  AccessLogEntry,
  ClicksReportDayRow,
  SearchList,
  SearchLogEntry,
  VendorListRow,
} from '@publisher/contract';
import { UserModel, type UserRecord } from '../auth/user.model';
import type mongoose from 'mongoose';
import { AppError } from '../shared/app-error';
import { literalPattern } from '../shared/text';
import { SavedMonthModel, type SavedMonthRecord } from '../reports/report-saved-month.model';
import { AccessLogModel, type AccessLogRecord } from './access-log.model';
import { SearchTotalModel, type SearchTotalRecord } from './search-log.model';

export interface Page {
  pageNo: number;
  pageSize: number;
}

export interface Paged<T> {
  data: T[];
  totalRecords: number;
}

const skipOf = ({ pageNo, pageSize }: Page): number => (pageNo - 1) * pageSize;

/** Characters of an apiKey the vendor list shows: enough to tell two keys apart, too few to use one. */
export const API_KEY_VISIBLE_CHARACTERS = 4;

/** An apiKey as the vendor list shows it: asterisks, then its last characters. */
export function maskedApiKey(apiKey: string): string {
  const visible = apiKey.length > API_KEY_VISIBLE_CHARACTERS * 2 ? apiKey.slice(-API_KEY_VISIBLE_CHARACTERS) : '';
  return `${'*'.repeat(Math.max(apiKey.length - visible.length, 8))}${visible}`;
}

/** One vendor's whole apiKey (the admin's reveal); 404 for an unknown vendor. */
export async function vendorApiKey(vendorId: number): Promise<string> {
  const user = await UserModel.findOne({ vendorId }, { apiKey: 1 }).lean<Pick<UserRecord, 'apiKey'>>();
  if (!user) throw AppError.notFound('No vendor with this vendorId.');
  return user.apiKey;
}

/** Vendor accounts, oldest or newest first, one page (the All Vendors List). */
/** The accounts a vendor search finds: the text in the full name or the email (any case), or the vendorId it names. */
function vendorSearchFilter(search: string | undefined): mongoose.QueryFilter<UserRecord> {
  const text = search?.trim() ?? '';
  if (text === '') return {};
  const pattern = { $regex: literalPattern(text), $options: 'i' };
  const byText: mongoose.QueryFilter<UserRecord>[] = [{ fullName: pattern }, { email: pattern }];
  return { $or: /^\d{1,9}$/.test(text) ? [...byText, { vendorId: Number(text) }] : byText };
}

export async function allVendors(
  order: 'newest' | 'oldest',
  page: Page & { search?: string | undefined },
): Promise<Paged<VendorListRow>> {
  const direction = order === 'newest' ? -1 : 1;
  const filter = vendorSearchFilter(page.search);
  const [users, totalRecords] = await Promise.all([
    UserModel.find(filter, { fullName: 1, email: 1, vendorId: 1, apiKey: 1, createdAt: 1 })
      .sort({ createdAt: direction, _id: direction })
      .skip(skipOf(page))
      .limit(page.pageSize)
      .lean<Pick<UserRecord, '_id' | 'fullName' | 'email' | 'vendorId' | 'apiKey' | 'createdAt'>[]>(),
    UserModel.countDocuments(filter),
  ]);
  return {
    data: users.map((user) => ({
      _id: user._id.toHexString(),
      fullName: user.fullName,
      email: user.email,
      vendorId: user.vendorId,
      apiKey: maskedApiKey(user.apiKey),
      createdAt: user.createdAt.toISOString(),
    })),
    totalRecords,
  };
}

/**
 * The saved dates of the clicks (connexity) report with the rows each holds across vendors, newest first, one
 * page. Read from the save bookkeeping (one small document per source and month), never from the report rows.
 */
export async function clicksReportDays(page: Page): Promise<Paged<ClicksReportDayRow>> {
  const months = await SavedMonthModel.find({}).lean<SavedMonthRecord[]>();
  const rows: ClicksReportDayRow[] = [];
  for (const month of months) {
    if (!month._id.startsWith('connexity|')) continue;
    for (const [date, entry] of Object.entries(month.days)) {
      if (entry.status === 'saved') rows.push({ date, count: entry.rowsWritten });
    }
  }
  rows.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  return { data: rows.slice(skipOf(page), skipOf(page) + page.pageSize), totalRecords: rows.length };
}

/** Full names of the vendors, for log rows (a vendor removed since shows an empty name). */
async function fullNamesOf(vendorIds: readonly number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(vendorIds)];
  if (wanted.length === 0) return new Map();
  const users = await UserModel.find({ vendorId: { $in: wanted } }, { vendorId: 1, fullName: 1 })
    .limit(wanted.length)
    .lean<Pick<UserRecord, 'vendorId' | 'fullName'>[]>();
  return new Map(users.map((user) => [user.vendorId, user.fullName]));
}

/** Whose logs a call reads: one vendor, or everyone (the admin without a vendorId). */
export type LogScope = { vendorId: number } | { vendorId: undefined };

/** The search totals, most frequent first, one page. */
export async function searchLogs(
  scope: LogScope,
  list: SearchList | undefined,
  page: Page,
): Promise<Paged<SearchLogEntry>> {
  const filter: { vendorId?: number; list?: SearchList } = {};
  if (scope.vendorId !== undefined) filter.vendorId = scope.vendorId;
  if (list !== undefined) filter.list = list;
  const [totals, totalRecords] = await Promise.all([
    SearchTotalModel.find(filter)
      .sort({ count: -1, lastSearchedAt: -1, _id: 1 })
      .skip(skipOf(page))
      .limit(page.pageSize)
      .lean<SearchTotalRecord[]>(),
    SearchTotalModel.countDocuments(filter),
  ]);
  const names = await fullNamesOf(totals.map((total) => total.vendorId));
  return {
    data: totals.map((total) => ({
      vendorId: total.vendorId,
      fullName: names.get(total.vendorId) ?? '',
      list: total.list,
      text: total.text,
      count: total.count,
      lastSearchedAt: total.lastSearchedAt.toISOString(),
    })),
    totalRecords,
  };
}

/** The recorded calls, newest first, one page. */
export async function accessLogs(scope: LogScope, page: Page): Promise<Paged<AccessLogEntry>> {
  const filter = scope.vendorId === undefined ? {} : { vendorId: scope.vendorId };
  const [lines, totalRecords] = await Promise.all([
    AccessLogModel.find(filter)
      .sort({ at: -1, _id: -1 })
      .skip(skipOf(page))
      .limit(page.pageSize)
      .lean<AccessLogRecord[]>(),
    AccessLogModel.countDocuments(filter),
  ]);
  const names = await fullNamesOf(lines.map((line) => line.vendorId));
  return {
    data: lines.map((line) => ({
      vendorId: line.vendorId,
      fullName: names.get(line.vendorId) ?? '',
      method: line.method,
      path: line.path,
      status: line.status,
      via: line.via,
      at: line.at.toISOString(),
      count: line.count ?? 1,
    })),
    totalRecords,
  };
}
