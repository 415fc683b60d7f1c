import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from './toast-provider';

function Trigger() {
  const { showToast } = useToast();
  return (
    <button type="button" onClick={() => showToast('Copied')}>
      Copy
    </button>
  );
}

describe('ToastProvider', () => {
  it('announces each message as a status in a polite live region and lets it go after 2 seconds', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Copied');
    expect(status.closest('[aria-live="polite"]')).not.toBeNull();

    act(() => {
      vi.advanceTimersByTime(1_999);
    });
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('closes one message on Dismiss and leaves the others to their own time', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(screen.getAllByRole('status')).toHaveLength(2);

    const [firstDismiss] = screen.getAllByRole('button', { name: 'Dismiss' });
    if (!firstDismiss) throw new Error('no Dismiss button');
    fireEvent.click(firstDismiss);
    expect(screen.getAllByRole('status')).toHaveLength(1);

    act(() => {
      vi.advanceTimersByTime(1_999);
    });
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
