import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { niceTicks, TimeChart } from './time-chart';

describe('niceTicks', () => {
  it('steps by 1, 2, 2.5 or 5 times a power of ten from 0 to at least the maximum', () => {
    expect(niceTicks(1000)).toEqual([0, 250, 500, 750, 1000]);
    expect(niceTicks(1001)).toEqual([0, 500, 1000, 1500]);
    expect(niceTicks(0.87)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(0)).toEqual([0, 1]);
  });
});

describe('TimeChart', () => {
  const points = Array.from({ length: 30 }, (_, index) => ({
    label: `2026-03-${String(index + 1).padStart(2, '0')}`,
    value: index * 10,
  }));

  it('labels only as many dates as fit without overlapping, and every period stays reachable', () => {
    render(<TimeChart label="Clicks" seriesLabel="Clicks" points={points} formatValue={String} />);
    const chart = screen.getByRole('img', { name: 'Clicks' });
    const labels = chart.querySelectorAll('[data-axis="x"] text');
    // 800 pixels wide by default: about one label per 84 pixels of plot.
    expect(labels.length).toBeGreaterThan(4);
    expect(labels.length).toBeLessThan(10);
    expect(screen.getAllByRole('button')).toHaveLength(30);
  });

  it('shows the tooltip of a period on hover and hides it when the pointer leaves', async () => {
    render(<TimeChart label="Clicks" seriesLabel="Clicks" points={points} formatValue={String} />);
    await userEvent.hover(screen.getByRole('button', { name: '2026-03-05: Clicks 40' }));
    expect(screen.getByRole('tooltip')).toHaveTextContent('2026-03-05Clicks: 40');
    await userEvent.hover(screen.getByRole('button', { name: '2026-03-06: Clicks 50' }));
    expect(screen.getByRole('tooltip')).toHaveTextContent('2026-03-06Clicks: 50');
    await userEvent.unhover(screen.getByRole('button', { name: '2026-03-06: Clicks 50' }));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('takes one Tab stop; arrow keys, Home and End move between periods and show each value', async () => {
    render(<TimeChart label="Clicks" seriesLabel="Clicks" points={points} formatValue={String} />);
    expect(screen.getAllByRole('button').filter((button) => button.tabIndex === 0)).toHaveLength(1);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: '2026-03-01: Clicks 0' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('button', { name: '2026-03-03: Clicks 20' })).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent('2026-03-03Clicks: 20');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('button', { name: '2026-03-30: Clicks 290' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{Home}{ArrowLeft}');
    expect(screen.getByRole('button', { name: '2026-03-01: Clicks 0' })).toHaveFocus();
    expect(screen.getAllByRole('button').filter((button) => button.tabIndex === 0)).toEqual([
      screen.getByRole('button', { name: '2026-03-01: Clicks 0' }),
    ]);
  });
});
