import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { answerApi } from '../../../testing/api-server';
import { DomainGate, useWhiteLabelName } from './domain-gate';
import { DOMAIN_NOT_ACTIVATED_MESSAGE } from './domain-not-activated-page';

function App() {
  const name = useWhiteLabelName();
  return <p>App loaded{name ? ` for ${name}` : ''}</p>;
}

const at = (host: string) => {
  const [hostname = '', port = ''] = host.split(':');
  return { host, hostname, port, protocol: 'http:' };
};

function renderGate(host: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DomainGate location={at(host)}>
        <App />
      </DomainGate>
    </QueryClientProvider>,
  );
}

describe('DomainGate', () => {
  it('loads plain localhost without a call', async () => {
    const api = answerApi(() => ({ status: 500, body: {} }));
    renderGate('localhost:4200');
    expect(await screen.findByText('App loaded')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it("sends the host and loads a known custom domain with the vendor's white-label name", async () => {
    const api = answerApi(() => ({
      status: 200,
      body: { success: true, whiteLabelName: 'Acme Deals', vendorId: 5001 },
    }));
    renderGate('acme.localhost:4200');
    expect(await screen.findByText('App loaded for Acme Deals')).toBeInTheDocument();
    expect(api.requests[0]?.url.pathname).toBe('/dashboard/verifyDomain');
    expect(api.requests[0]?.url.searchParams.get('host')).toBe('acme.localhost:4200');
  });

  it('blocks an unknown host with the spec page, whose button leads to the parent domain', async () => {
    answerApi(() => ({ status: 200, body: { success: false } }));
    renderGate('nobody.localhost:4200');
    expect(await screen.findByRole('alert')).toHaveTextContent(DOMAIN_NOT_ACTIVATED_MESSAGE);
    expect(screen.getByRole('button', { name: 'GO TO HOME PAGE' })).toBeInTheDocument();
    expect(screen.queryByText(/App loaded/)).not.toBeInTheDocument();
  });

  it('fails closed: a failed check shows the blocking page, not the app', async () => {
    answerApi(() => ({ status: 503, body: { statusMessages: ['Down'], errors: [] } }));
    renderGate('acme.localhost:4200');
    expect(await screen.findByRole('alert')).toHaveTextContent(DOMAIN_NOT_ACTIVATED_MESSAGE);
    expect(screen.queryByText(/App loaded/)).not.toBeInTheDocument();
  });

  it('fails closed: a refused check (CORS, network down) shows the blocking page, not the app', async () => {
    const api = answerApi(() => 'network-error');
    renderGate('unknown.localhost:4200');
    expect(await screen.findByRole('alert')).toHaveTextContent(DOMAIN_NOT_ACTIVATED_MESSAGE);
    expect(screen.queryByText(/App loaded/)).not.toBeInTheDocument();
    expect(api.requests).toHaveLength(1);
  });
});
