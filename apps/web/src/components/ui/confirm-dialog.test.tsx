import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

function Harness({ onConfirm }: { onConfirm: () => void }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        Delete acme.example
      </button>
      <button type="button">Elsewhere</button>
      <ConfirmDialog
        isOpen={isOpen}
        title="Delete acme.example?"
        confirmLabel="Delete"
        onConfirm={() => {
          setIsOpen(false);
          onConfirm();
        }}
        onCancel={() => setIsOpen(false)}
      >
        It is removed at once.
      </ConfirmDialog>
    </>
  );
}

describe('ConfirmDialog', () => {
  it('focuses Cancel, keeps Tab inside, and gives focus back when it closes', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Delete acme.example' });
    await userEvent.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Delete acme.example?' });
    expect(dialog).toHaveAccessibleDescription('It is removed at once.');
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(cancel).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    await userEvent.tab();
    expect(cancel).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(onConfirm).not.toHaveBeenCalled();

    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
