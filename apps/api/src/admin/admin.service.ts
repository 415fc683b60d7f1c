import type { ClicksReportDayRow, VendorListRow } from '@publisher/contract';
import { UserModel, type UserRecord } from '../auth/user.model';
import { SavedMonthModel, type SavedMonthRecord } from '../reports/report-saved-month.model';

/** Every vendor account, oldest first (the All Vendors List screen reverses it). */
export async function allVendors(): Promise<VendorListRow[]> {
  const users = await UserModel.find({}, { fullName: 1, email: 1, vendorId: 1, apiKey: 1, createdAt: 1 })
    .sort({ createdAt: 1, _id: 1 })
    .lean<Pick<UserRecord, '_id' | 'fullName' | 'email' | 'vendorId' | 'apiKey' | 'createdAt'>[]>();
  return users.map((user) => ({
    _id: user._id.toHexString(),
    fullName: user.fullName,
    email: user.email,
    vendorId: user.vendorId,
    apiKey: user.apiKey,
    createdAt: user.createdAt.toISOString(),
  }));
}

/**
 * The saved dates of the clicks (connexity) report with the rows each holds across vendors, newest first. Read
 * from the save bookkeeping (one small document per source and month), never from the report rows themselves.
 */
export async function clicksReportDays(): Promise<ClicksReportDayRow[]> {
  const months = await SavedMonthModel.find({}).lean<SavedMonthRecord[]>();
  const rows: ClicksReportDayRow[] = [];
  for (const month of months) {
    if (!month._id.startsWith('connexity|')) continue;
    for (const [date, entry] of Object.entries(month.days)) {
      if (entry.status === 'saved') rows.push({ date, count: entry.rowsWritten });
    }
  }
  return rows.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}
