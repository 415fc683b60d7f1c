import { contract } from '@publisher/contract';
import { answer } from '@publisher/contract/msw';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { paths } from '../../../config/paths';
import { createQueryClient } from '../../../lib/query-client';
import { answerApi, server } from '../../../testing/api-server';
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
    const bodies: unknown[] = [];
    server.use(
      answer(contract.feeds.recordPriceLineClick, ({ body }) => {
        bodies.push(body);
        return { status: 200, body: { redirectUrl: 'https://partner.example/hotels?chanel=4' } };
      }),
    );
    const forward = vi.fn();
    renderAt('/handleclick?checkIn=2026-12-01&checkOut=2026-12-03&chanel=4&city=Lisbon', forward);
    expect(screen.getByText('re directing to price line')).toBeInTheDocument();
    await waitFor(() => expect(forward).toHaveBeenCalledWith('https://partner.example/hotels?chanel=4'));
    expect(bodies).toEqual([{ chanel: '4', checkIn: '2026-12-01', checkOut: '2026-12-03', city: 'Lisbon' }]);
  });

  it("shows the API's message and stays when the values are refused", async () => {
    // No answer of the test's own: the contract's handler refuses the call as the API would (400, its message).
    const api = answerApi();
    const forward = vi.fn();
    renderAt('/handleclick?city=Lisbon', forward);
    expect(await screen.findByText('chanel is required')).toBeInTheDocument();
    expect(forward).not.toHaveBeenCalled();
    expect(api.requests.map((request) => request.body)).toEqual([{ chanel: '', city: 'Lisbon' }]);
  });
});
