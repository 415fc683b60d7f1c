import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { paths } from '../../../config/paths';
import { createQueryClient } from '../../../lib/query-client';
import { errorBody, answerApi } from '../../../testing/api-server';
import { HandleClickPage } from './handle-click-page';

function renderAt(url: string, forward: (target: string) => void) {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={paths.handleClick} element={<HandleClickPage forward={forward} />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('HandleClickPage (redirect placeholder)', () => {
  it('records a price-line click with checkIn, checkOut, chanel and city once, then forwards', async () => {
    const api = answerApi(() => ({ status: 200, body: { redirectUrl: 'https://partner.example/hotels?chanel=4' } }));
    const forward = vi.fn();
    renderAt('/handleclick?checkIn=2026-12-01&checkOut=2026-12-03&chanel=4&city=Lisbon', forward);
    expect(screen.getByText('re directing to price line')).toBeInTheDocument();
    await waitFor(() => expect(forward).toHaveBeenCalledWith('https://partner.example/hotels?chanel=4'));
    const calls = api.requests.filter((request) => request.url.pathname === '/feeds/priceLineClicks');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ chanel: '4', checkIn: '2026-12-01', checkOut: '2026-12-03', city: 'Lisbon' });
  });

  it("shows the API's message and stays when the values are refused", async () => {
    answerApi(() => ({ status: 400, body: errorBody('chanel is required') }));
    const forward = vi.fn();
    renderAt('/handleclick?city=Lisbon', forward);
    expect(await screen.findByText('chanel is required')).toBeInTheDocument();
    expect(forward).not.toHaveBeenCalled();
  });
});
