import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MoneyValue } from './money-value';
import { StatCard, StatGrid } from './stat-card';

describe('StatCard with a MoneyValue', () => {
  it('shows dollars and cents and gives the exact figure as a tooltip reached by keyboard', async () => {
    render(
      <StatGrid label="Totals">
        <StatCard label="CPC Earnings" value={<MoneyValue value={18512.530557} exactDecimals={6} />} />
      </StatGrid>,
    );

    const term = screen.getByText('CPC Earnings');
    expect(term.nextSibling).toHaveTextContent('$18,512.53');
    const amount = screen.getByText('$18,512.53');
    expect(amount).toHaveAccessibleDescription('Exact: $18,512.530557');
    expect(screen.getByRole('tooltip')).toHaveTextContent('Exact: $18,512.530557');

    await userEvent.tab();
    expect(amount).toHaveFocus();
  });

  it('shows euros when the amount is in euros', () => {
    render(<MoneyValue value={0.5} exactDecimals={7} currency="EUR" />);
    expect(screen.getByText('€0.50')).toHaveAccessibleDescription('Exact: €0.5000000');
  });
});
