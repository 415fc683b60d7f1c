import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart } from './bar-chart';

describe('BarChart', () => {
  it('is an image named by its label, one bar per value scaled to its own series, with a legend', () => {
    render(
      <BarChart
        label="Clicks and CPC by date"
        categories={['2026-03-01', '2026-03-02']}
        series={[
          { key: 'clicks', label: 'Clicks', color: '#000', values: [100, 50], formatValue: String },
          { key: 'cpc', label: 'CPC', color: '#111', values: [0.5, 0.25], formatValue: (value) => value.toFixed(2) },
        ]}
      />,
    );
    const chart = screen.getByRole('img', { name: 'Clicks and CPC by date' });
    const bars = [...chart.querySelectorAll('rect')];
    expect(bars.map((bar) => bar.getAttribute('height'))).toEqual(['110', '55', '110', '55']);
    expect(bars.map((bar) => bar.querySelector('title')?.textContent)).toEqual([
      '2026-03-01: Clicks 100',
      '2026-03-02: Clicks 50',
      '2026-03-01: CPC 0.50',
      '2026-03-02: CPC 0.25',
    ]);
    expect(
      within(screen.getByRole('list', { name: 'Legend' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Clicks', 'CPC']);
  });
});
