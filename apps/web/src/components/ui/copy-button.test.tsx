import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { COPIED_FOR_MS, CopyButton } from './copy-button';

describe('CopyButton', () => {
  it('says Copied, also to screen readers, for a moment after a copy', async () => {
    vi.useFakeTimers();
    const onCopy = vi.fn(async () => true);
    render(
      <CopyButton aria-label="Copy Link of Acme" onCopy={onCopy}>
        Copy Link
      </CopyButton>,
    );

    const button = screen.getByRole('button', { name: 'Copy Link of Acme' });
    // fireEvent rather than userEvent: the clock is fake, and the copy's promise settles inside act.
    await act(async () => {
      fireEvent.click(button);
      await Promise.resolve();
    });
    expect(onCopy).toHaveBeenCalledTimes(1);
    expect(button).toHaveTextContent('Copied');
    expect(screen.getByText('Copied', { selector: '[aria-live="polite"]' })).toBeInTheDocument();

    await act(async () => {
      vi.advanceTimersByTime(COPIED_FOR_MS);
      await Promise.resolve();
    });
    expect(button).toHaveTextContent('Copy Link');
    expect(screen.queryByText('Copied', { selector: '[aria-live="polite"]' })).not.toBeInTheDocument();
  });

  it('keeps its label when the copy failed', async () => {
    render(<CopyButton onCopy={async () => false}>Copy</CopyButton>);
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(screen.getByRole('button', { name: 'Copy' })).toHaveTextContent('Copy');
    expect(screen.queryByText('Copied')).not.toBeInTheDocument();
  });
});
