import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import type { DateRange } from '@publisher/contract';
import { dateRangeFormSchema, UNREADABLE_DATE } from '../../lib/date-range-form';
import { DateRangeField } from './date-range-field';

function RangeForm() {
  const form = useForm<DateRange>({
    defaultValues: { startDate: '2026-11-20', endDate: '2026-11-27' },
    resolver: zodResolver(dateRangeFormSchema()),
  });
  return <DateRangeField form={form} />;
}

describe('DateRangeField', () => {
  it('marks only the field its message is about: a start it cannot read, then a start after the end', async () => {
    render(<RangeForm />);
    const start = screen.getByLabelText('Start Date');
    const end = screen.getByLabelText('End Date');

    await userEvent.clear(start);
    await userEvent.type(start, '31 Feb 2026{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(UNREADABLE_DATE);
    expect(start).toBeInvalid();
    expect(end).toBeValid();
    expect(end).not.toHaveAccessibleDescription(UNREADABLE_DATE);

    await userEvent.clear(start);
    await userEvent.type(start, '1 Dec 2026{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Start Date cannot be after End Date');
    expect(start).toBeInvalid();
    expect(end).toBeValid();
  });
});
