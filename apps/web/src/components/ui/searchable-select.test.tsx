import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SearchableSelect } from './searchable-select';

const OPTIONS = [
  { value: '', label: 'All' },
  { value: '1', label: 'Nautica' },
  { value: '2', label: "Sam's Club" },
  { value: '3', label: "Kohl's" },
];

function Harness({ maxVisibleOptions }: { maxVisibleOptions?: number }) {
  const [value, setValue] = useState('');
  return (
    <>
      <SearchableSelect
        label="Merchant"
        options={OPTIONS}
        value={value}
        onChange={setValue}
        maxVisibleOptions={maxVisibleOptions}
      />
      <p>selected: {value === '' ? 'none' : value}</p>
    </>
  );
}

describe('SearchableSelect', () => {
  it('shows the selected label, narrows the options as the user types and chooses one by click', async () => {
    render(<Harness />);
    const combobox = screen.getByRole('combobox', { name: 'Merchant' });
    expect(combobox).toHaveValue('All');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(combobox);
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(4);

    await userEvent.keyboard("'S");
    const listbox = screen.getByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(["Sam's Club", "Kohl's"]);

    await userEvent.click(within(listbox).getByRole('option', { name: "Kohl's" }));
    expect(screen.getByText('selected: 3')).toBeInTheDocument();
    expect(combobox).toHaveValue("Kohl's");
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
  });

  it('works from the keyboard: arrows move, Enter chooses, Escape closes without choosing', async () => {
    render(<Harness />);
    const combobox = screen.getByRole('combobox', { name: 'Merchant' });
    await userEvent.click(combobox);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByText('selected: 1')).toBeInTheDocument();

    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('zzz');
    // Announced, not only shown: the message is a live region's text.
    expect(screen.getByRole('status')).toHaveTextContent('No matches');
    await userEvent.keyboard('{Escape}');
    expect(combobox).toHaveValue('Nautica');
    expect(screen.getByText('selected: 1')).toBeInTheDocument();
  });

  it('renders at most maxVisibleOptions and says how many more there are', async () => {
    render(<Harness maxVisibleOptions={2} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Merchant' }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(2);
    expect(screen.getByText('2 more: keep typing to narrow the list')).toBeInTheDocument();
  });

  it('tells onQueryChange what is typed and an empty query when the list closes', async () => {
    const onQueryChange = vi.fn();
    render(
      <SearchableSelect
        label="Merchant"
        options={OPTIONS}
        value=""
        onChange={() => undefined}
        onQueryChange={onQueryChange}
      />,
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Merchant' }));
    await userEvent.keyboard('Ko');
    expect(onQueryChange).toHaveBeenLastCalledWith('Ko');
    await userEvent.keyboard('{Escape}');
    expect(onQueryChange).toHaveBeenLastCalledWith('');
    expect(screen.getByRole('combobox', { name: 'Merchant' })).toHaveValue('All');
  });
});
