import type { ReportRun, VendorListRow } from '@publisher/contract';
import { buildUser } from '@publisher/contract/testing';

/** The admin as the API describes them (vendor 5029, role admin). */
export const adminUser = buildUser({ vendorId: 5029, role: 'admin', fullName: 'Ada Admin' });

export function buildVendorRow(overrides: Partial<VendorListRow> = {}): VendorListRow {
  return {
    _id: '65f0a1b2c3d4e5f6a7b8c9d1',
    fullName: 'Maya Patel',
    email: 'maya@publisher.test',
    vendorId: 6001,
    apiKey: 'key-6001',
    createdAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

export function buildReportRun(overrides: Partial<ReportRun> = {}): ReportRun {
  return {
    _id: 'run-1',
    source: 'connexity',
    start_time: '2026-03-02T01:00:00.000Z',
    end_time: '2026-03-02T01:00:05.000Z',
    status: 'success',
    startDate: '2026-03-01',
    endDate: '2026-03-01',
    rowsWritten: 42,
    error: null,
    ...overrides,
  };
}
