import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateInput } from './date-input';

/** A DateInput with its label, holding its value as a form would, every value given recorded. */
function Field({ initial = '', given }: { initial?: string; given: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <form>
      <label htmlFor="day">Start Date</label>
      <DateInput
        id="day"
        label="Start Date"
        value={value}
        max="2026-03-18"
        hasError={false}
        onChange={(next) => {
          given.push(next);
          setValue(next);
        }}
      />
      <button type="button">elsewhere</button>
    </form>
  );
}

const calendarOf = (field: HTMLElement) => field.parentElement?.querySelector<HTMLInputElement>('input[type="date"]');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('DateInput', () => {
  it('shows a YYYY-MM-DD value in the display format, as every table does', () => {
    render(<Field initial="2026-03-09" given={[]} />);
    expect(screen.getByLabelText('Start Date')).toHaveValue('9 Mar 2026');
  });

  it('gives the form the YYYY-MM-DD day once the typed text reads as one, and shows it formatted when left', async () => {
    const given: string[] = [];
    render(<Field given={given} />);
    const field = screen.getByLabelText('Start Date');
    await userEvent.type(field, '5 march 2026');
    // Nothing half-typed reached the form ('5 march 202' is not a day).
    expect(given).toEqual(['2026-03-05']);
    expect(field).toHaveValue('5 march 2026');
    await userEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(field).toHaveValue('5 Mar 2026');

    await userEvent.clear(field);
    await userEvent.type(field, '2026-03-01');
    expect(given.slice(1)).toEqual(['', '2026-03-01']);
  });

  it('gives unreadable text to the form when the field is left or Enter is pressed, so the form can say so', async () => {
    const given: string[] = [];
    render(<Field given={given} />);
    const field = screen.getByLabelText('Start Date');
    await userEvent.type(field, '11/03/2026');
    expect(given).toEqual([]);
    await userEvent.type(field, '{Enter}');
    expect(given).toEqual(['11/03/2026']);
    await userEvent.type(field, 'x');
    await userEvent.tab();
    expect(given).toEqual(['11/03/2026', '11/03/2026x']);
    expect(field).toHaveValue('11/03/2026x');
  });

  it('opens the browser calendar from its button, bounded as asked, and takes the day picked there', async () => {
    const given: string[] = [];
    render(<Field initial="2026-03-09" given={given} />);
    const field = screen.getByLabelText('Start Date');
    const calendar = calendarOf(field);
    if (!calendar) throw new Error('no calendar');
    expect(calendar).toHaveAttribute('max', '2026-03-18');
    expect(calendar).toHaveValue('2026-03-09');
    expect(calendar).toHaveAttribute('tabindex', '-1');
    const showPicker = vi.fn();
    calendar.showPicker = showPicker;

    await userEvent.click(screen.getByRole('button', { name: 'Choose Start Date from a calendar' }));
    expect(showPicker).toHaveBeenCalledTimes(1);

    fireEvent.change(calendar, { target: { value: '2026-03-02' } });
    expect(given).toEqual(['2026-03-02']);
    expect(field).toHaveValue('2 Mar 2026');
  });

  it('moves the date a day with Arrow Up and Down, never past the bounds', async () => {
    const given: string[] = [];
    render(<Field initial="2026-03-17" given={given} />);
    const field = screen.getByLabelText('Start Date');
    await userEvent.type(field, '{ArrowUp}');
    expect(field).toHaveValue('18 Mar 2026');
    // 18 Mar is the field's max.
    await userEvent.type(field, '{ArrowUp}{ArrowDown}{ArrowDown}');
    expect(given).toEqual(['2026-03-18', '2026-03-17', '2026-03-16']);
    expect(field).toHaveValue('16 Mar 2026');
  });

  it('puts the focus in the typed field where the browser has no calendar to open', async () => {
    render(<Field initial="2026-03-09" given={[]} />);
    const field = screen.getByLabelText('Start Date');
    const calendar = calendarOf(field);
    if (!calendar) throw new Error('no calendar');
    calendar.showPicker = () => {
      throw new DOMException('not allowed', 'NotAllowedError');
    };
    await userEvent.click(screen.getByRole('button', { name: 'Choose Start Date from a calendar' }));
    expect(field).toHaveFocus();
  });
});
