import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildVendor } from '../../testing/factories';
import { useTestApp } from '../../testing/test-app';

const ctx = useTestApp();
const range = 'startDate=2025-03-01&endDate=2025-03-07';

describe('access by apiKey + vendorId', () => {
  it('authenticates a query-string pair without a token', async () => {
    const vendor = await buildVendor();
    const res = await request(ctx.app).get(
      `/v1/connexity/getConversionReportSummary?apiKey=${vendor.user.apiKey}&vendorId=${vendor.user.vendorId}&${range}`,
    );
    expect(res.status).toBe(200);
  });

  it('judges the pair, not the token, when the query carries an apiKey', async () => {
    const vendor = await buildVendor();
    const res = await request(ctx.app)
      .get(`/v1/connexity/getConversionReportSummary?apiKey=wrong-key&vendorId=${vendor.user.vendorId}&${range}`)
      .set('Authorization', vendor.token);
    expect(res.status).toBe(401);
    expect(res.body.statusMessages).toEqual(['Unauthenticated.']);
  });

  it("refuses one vendor's apiKey with another vendor's id", async () => {
    const a = await buildVendor();
    const b = await buildVendor();
    const res = await request(ctx.app).get(
      `/v1/connexity/getConversionReportSummary?apiKey=${a.user.apiKey}&vendorId=${b.user.vendorId}&${range}`,
    );
    expect(res.status).toBe(401);
  });

  it('does not accept an apiKey on token-only routes', async () => {
    const vendor = await buildVendor();
    const res = await request(ctx.app).get(
      `/auth/${vendor.user._id.toHexString()}?apiKey=${vendor.user.apiKey}&vendorId=${vendor.user.vendorId}`,
    );
    expect(res.status).toBe(401);
  });
});
