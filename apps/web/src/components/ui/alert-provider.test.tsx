import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AlertProvider, useAlert } from './alert-provider';

function Trigger() {
  const { alert, showAlert } = useAlert();
  return (
    <>
      <button type="button" onClick={() => showAlert({ title: 'Heads up', message: 'Reports are delayed today.' })}>
        Raise
      </button>
      <p>state: {alert ? alert.title : 'none'}</p>
    </>
  );
}

describe('AlertProvider', () => {
  it('opens when a title is set and clears the state on close', async () => {
    render(
      <AlertProvider>
        <Trigger />
      </AlertProvider>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Raise' }));
    // The modal's code loads the first time an alert opens (kept out of the sign-in page's first load).
    expect(await screen.findByRole('dialog', { name: 'Heads up' })).toHaveTextContent('Reports are delayed today.');

    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('state: none')).toBeInTheDocument();
  });

  it('runs onClose once and labels its button with actionLabel', async () => {
    const onClose = vi.fn();
    function Raiser() {
      const { showAlert } = useAlert();
      return (
        <button
          type="button"
          onClick={() => showAlert({ title: 'Done', message: 'Saved.', actionLabel: 'Log in', onClose })}
        >
          Raise
        </button>
      );
    }
    render(
      <AlertProvider>
        <Raiser />
      </AlertProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Raise' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape', async () => {
    render(
      <AlertProvider>
        <Trigger />
      </AlertProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Raise' }));
    expect(await screen.findByRole('dialog', { name: 'Heads up' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
