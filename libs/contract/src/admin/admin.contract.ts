import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { routeMetadata } from '../common/access';
import { commonErrorResponses } from '../common/error.schema';
import { isoDateSchema, isoDateTimeSchema, objectIdSchema } from '../common/fields';

/**
 * All Vendors List (part 2 §2): Full Name, Created Date, Email, vendorId, apiKey. The spec lists the call
 * (`GET /home/getAllVendors`, part 2 §7) but not its shape: designed here as `{ data }`, oldest account first
 * (the screen reverses it on load).
 */
export const vendorListRowSchema = z.object({
  _id: objectIdSchema,
  fullName: z.string(),
  email: z.string(),
  vendorId: z.number().int().positive(),
  apiKey: z.string(),
  createdAt: isoDateTimeSchema,
});
export type VendorListRow = z.infer<typeof vendorListRowSchema>;
export const vendorListResponseSchema = z.object({ data: z.array(vendorListRowSchema) });
export type VendorListResponse = z.infer<typeof vendorListResponseSchema>;

/**
 * All Reports List (part 2 §2): Date and Count. The call (`GET /home/getAllClicksReports`, part 2 §7) is listed
 * without a shape: designed here as one row per saved date of the clicks (connexity) report, with the number of
 * report rows that date holds across vendors, newest date first.
 */
export const clicksReportDayRowSchema = z.object({
  date: isoDateSchema,
  count: z.number().int().nonnegative(),
});
export type ClicksReportDayRow = z.infer<typeof clicksReportDayRowSchema>;
export const clicksReportDaysResponseSchema = z.object({ data: z.array(clicksReportDayRowSchema) });
export type ClicksReportDaysResponse = z.infer<typeof clicksReportDaysResponseSchema>;

const c = initContract();
const admin = routeMetadata('admin');

/** The admin lists of part 2 §7 "Products, merchants and categories": the admin (5029) only. */
export const adminContract = c.router(
  {
    getAllVendors: {
      method: 'GET',
      path: '/home/getAllVendors',
      responses: { 200: vendorListResponseSchema },
      metadata: admin,
      summary: 'Every vendor account (All Vendors List), oldest first. Designed shape: { data }.',
    },
    getAllClicksReports: {
      method: 'GET',
      path: '/home/getAllClicksReports',
      responses: { 200: clicksReportDaysResponseSchema },
      metadata: admin,
      summary:
        'Saved dates of the clicks (connexity) report with their row counts (All Reports List), newest first. Designed shape: { data }.',
    },
  },
  { commonResponses: commonErrorResponses, strictStatusCodes: true },
);
