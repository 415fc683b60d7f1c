import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
    expect(screen.getByRole('dialog', { name: 'Heads up' })).toHaveTextContent('Reports are delayed today.');

    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('state: none')).toBeInTheDocument();
  });

  it('closes on Escape', async () => {
    render(
      <AlertProvider>
        <Trigger />
      </AlertProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Raise' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
