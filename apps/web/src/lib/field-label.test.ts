import { describe, expect, it } from 'vitest';
import { fieldLabel } from './field-label';

describe('fieldLabel', () => {
  it('turns the three casing styles of the API into one kind of heading', () => {
    expect(fieldLabel('REPORT_DATE')).toBe('Report Date');
    expect(fieldLabel('CAMPAIGN_ID')).toBe('Campaign ID');
    expect(fieldLabel('MERCHANT_NAME')).toBe('Merchant Name');
    expect(fieldLabel('bidded_clicks')).toBe('Bidded Clicks');
    expect(fieldLabel('totalClicks')).toBe('Total Clicks');
    expect(fieldLabel('CPC')).toBe('CPC');
  });

  it('names the fields whose words say too little', () => {
    expect(fieldLabel('pub_id')).toBe('Publisher ID');
    expect(fieldLabel('y_date')).toBe('Date');
    expect(fieldLabel('commission_eur')).toBe('Commission (EUR)');
  });
});
