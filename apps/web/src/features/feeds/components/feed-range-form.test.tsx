import { MAX_FEED_REPORT_DAYS } from '@publisher/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FeedRangeForm } from './feed-range-form';

const renderForm = () => {
  const onSubmit = vi.fn();
  render(
    <FeedRangeForm
      initial={{ startDate: '2026-03-01', endDate: '2026-03-10' }}
      max="2026-12-31"
      isBusy={false}
      onSubmit={onSubmit}
    />,
  );
  return onSubmit;
};

const retype = async (label: string, value: string) => {
  const field = screen.getByLabelText(label);
  await userEvent.clear(field);
  if (value !== '') await userEvent.type(field, value);
};

describe('FeedRangeForm', () => {
  it('sends the chosen range', async () => {
    const onSubmit = renderForm();
    await retype('End Date', '2026-03-20');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith({ startDate: '2026-03-01', endDate: '2026-03-20' });
  });

  it('refuses a range longer than the feed calls read, an empty date and a start after the end, with the message', async () => {
    const onSubmit = renderForm();
    await retype('End Date', '2026-12-31');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent(`The date range can be at most ${MAX_FEED_REPORT_DAYS} days`);

    await retype('End Date', '');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose both dates.');

    await retype('End Date', '2026-02-01');
    expect(screen.getByRole('alert')).toHaveTextContent('Start Date cannot be after End Date');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
