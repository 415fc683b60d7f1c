import { contract } from '@publisher/contract';
import { answer } from '@publisher/contract/msw';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { paths } from '../../../config/paths';
import { createQueryClient } from '../../../lib/query-client';
import { answerApi, apiFor, errorBody, server } from '../../../testing/api-server';
import { buildUser } from '@publisher/contract/testing';
import { renderApp } from '../../../testing/render-app';
import { HandleClickPage } from './handle-click-page';

function renderAt(url: string, forward: (target: string) => void, vendorId?: number) {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={paths.handleClick} element={<HandleClickPage forward={forward} vendorId={vendorId} />} />
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

  it('credits the click to the signed-in vendor', async () => {
    const api = answerApi((request) =>
      request.url.pathname === '/feeds/priceLineClicks'
        ? { status: 200, body: { redirectUrl: 'https://partner.example/hotels?chanel=4' } }
        : undefined,
    );
    const forward = vi.fn();
    renderAt('/handleclick?chanel=4', forward, 5001);
    await waitFor(() => expect(forward).toHaveBeenCalled());
    expect(api.requests.map((request) => request.body)).toEqual([{ chanel: '4', vendorId: 5001 }]);
  });

  it('sends the vendor the session holds when opened in the app', async () => {
    const vendor = buildUser({ vendorId: 5001 });
    // Refused, so the page stays (a forward would leave jsdom): the test is about what was sent.
    const api = answerApi(
      apiFor(vendor, (request) =>
        request.url.pathname === '/feeds/priceLineClicks'
          ? { status: 400, body: errorBody('Try again later.') }
          : undefined,
      ),
    );
    renderApp('/handleclick?chanel=9', { user: vendor });
    expect(await screen.findByText('Try again later.')).toBeInTheDocument();
    expect(
      api.requests.filter((request) => request.url.pathname === '/feeds/priceLineClicks').map((call) => call.body),
    ).toEqual([{ chanel: '9', vendorId: 5001 }]);
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
