import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { campaignIdSchema } from '../reports/reports.schema';
import { describeZodError } from './validation-messages';

function messagesOf(schema: z.ZodTypeAny, data: unknown, part = 'query'): string[] {
  const result = schema.safeParse(data);
  return describeZodError(result.success ? null : result.error, part).map((described) => described.message);
}

const query = z.object({ campaign_id: campaignIdSchema });

describe('describeZodError', () => {
  it('says a missing field is required, also where its schema is a union (zod says "Invalid input")', () => {
    expect(messagesOf(query, {})).toEqual(['campaign_id: Required']);
    expect(messagesOf(z.object({ name: z.string() }), {})).toEqual(['name: Required']);
    const result = query.safeParse({});
    expect(describeZodError(result.success ? null : result.error, 'query')).toEqual([
      { message: 'campaign_id: Required', detail: 'query.campaign_id: Required' },
    ]);
  });

  it("gives the complaint of the union branch whose type the value has: campaign_id's digits rule", () => {
    expect(messagesOf(query, { campaign_id: 'abc' })).toEqual(['campaign_id: must be a numeric vendor id']);
    expect(messagesOf(query, { campaign_id: -3 })).toEqual(['campaign_id: Number must be greater than 0']);
  });

  it('keeps the union issue when no branch takes the value type, and reads nested unions down to the field', () => {
    expect(messagesOf(query, { campaign_id: true })).toEqual(['campaign_id: Invalid input']);
    const nested = z.object({
      range: z.union([z.object({ from: z.string().min(2, 'from is too short') }), z.number()]),
    });
    expect(messagesOf(nested, { range: { from: 'x' } }, 'body')).toEqual(['from is too short']);
  });

  it('keeps the contract messages that name their field, exactly', () => {
    const signin = z.object({ email: z.string().min(1, 'Please Enter Email') });
    expect(messagesOf(signin, { email: '' }, 'body')).toEqual(['Please Enter Email']);
  });
});
