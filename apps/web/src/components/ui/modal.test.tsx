import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Modal } from './modal';

function Harness({ isDismissable }: { isDismissable: boolean }) {
  const [isOpen, setIsOpen] = useState(false);
  const close = () => setIsOpen(false);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        Open
      </button>
      <button type="button">Behind</button>
      <Modal
        isOpen={isOpen}
        title="Session ended"
        onClose={isDismissable ? close : undefined}
        actions={<Button onClick={close}>Sign in again</Button>}
      >
        Your session has ended.
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('hides the page behind from assistive technology and stops it scrolling while open', async () => {
    render(<Harness isDismissable />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);

    expect(screen.getByRole('dialog', { name: 'Session ended' })).toHaveAccessibleDescription(
      'Your session has ended.',
    );
    expect(screen.getByRole('button', { name: 'Sign in again' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Behind' })).not.toBeInTheDocument();
    expect(document.documentElement.style.overflow).toBe('hidden');

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Behind' })).toBeInTheDocument();
    expect(document.documentElement.style.overflow).toBe('');
    expect(opener).toHaveFocus();
  });

  it('without onClose stays open on Escape and on a click outside: only its own button closes it', async () => {
    render(<Harness isDismissable={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Session ended' });

    await userEvent.keyboard('{Escape}');
    await userEvent.click(document.body);
    expect(dialog).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
