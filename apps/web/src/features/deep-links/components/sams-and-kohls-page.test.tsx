import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { buildUser } from '../../../testing/build-user';
import { apiFor, answerApi } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { stubClipboard } from '../testing/deep-link-fixtures';

const samsAndKohls = buildUser({ vendorId: 5058 });

afterEach(() => {
  vi.restoreAllMocks();
});

function start() {
  answerApi(apiFor(samsAndKohls, () => undefined));
  return renderApp(paths.deepLinksSamsAndKohls, { user: samsAndKohls });
}

describe('SamsAndKohlsPage', () => {
  it("lists Sam's Club and Kohl's and generates a tracked direct link for the chosen one", async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    const writeText = stubClipboard();
    start();
    expect(await screen.findByRole('heading', { level: 1, name: 'Deep Links API - Sams & Kohls' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Sams & Kohls merchants' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(["Sam's Clubsamsclub.comUS", "Kohl'skohls.comUS"]);

    await userEvent.selectOptions(screen.getByLabelText('Merchant'), "Kohl's");
    await userEvent.type(screen.getByLabelText('Placement Id (optional)'), 'top-1');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const link = await screen.findByTestId('generated-link');
    expect(link).toHaveAttribute(
      'href',
      'http://localhost:3333/redirect?source=22261&publisher=1700000000000&sub=5058_top-1_noid&clickid=noid&url=https%3A%2F%2Fwww.kohls.com',
    );
    expect(await screen.findByRole('img', { name: 'QR code of the deep link' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(link.getAttribute('href'));
    expect(await screen.findByText('Successfullly Copied Merchant URL to clib board')).toBeInTheDocument();
  });

  it('uses the typed campaign id as the publisher and clears the link when an input changes', async () => {
    start();
    await userEvent.type(await screen.findByLabelText('Campaign Id (optional)'), 'fall-7');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByTestId('generated-link')).toHaveAttribute(
      'href',
      expect.stringContaining('publisher=fall-7&'),
    );
    await userEvent.type(screen.getByLabelText('Placement Id (optional)'), 'a');
    expect(screen.queryByTestId('generated-link')).not.toBeInTheDocument();
  });

  it.each(['Campaign Id (optional)', 'Placement Id (optional)'])(
    '%s keeps letters, digits and hyphen only, up to 50',
    async (label) => {
      start();
      const input = await screen.findByLabelText(label);
      await userEvent.type(input, 'a_b {{c}-1!');
      expect(input).toHaveValue('abc-1');
      await userEvent.clear(input);
      await userEvent.type(input, 'z'.repeat(55));
      expect(input).toHaveValue('z'.repeat(50));
    },
  );

  it('is where vendor 5058 lands, and the only generator in their menu', async () => {
    const app = start();
    await waitFor(() => expect(app.currentPath()).toBe(paths.deepLinksSamsAndKohls));
    const menu = await screen.findByRole('navigation', { name: /menu/i });
    expect(within(menu).getByRole('link', { name: 'Deep Links API - Sams & Kohls' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Deep Links API' })).not.toBeInTheDocument();
    app.unmount();

    answerApi(apiFor(samsAndKohls, () => undefined));
    const other = renderApp(paths.deepLinksAPI, { user: samsAndKohls });
    await waitFor(() => expect(other.currentPath()).toBe(paths.deepLinksSamsAndKohls));
  });

  it('is not open to other vendors', async () => {
    const vendor = buildUser({ vendorId: 5001 });
    answerApi(apiFor(vendor, () => undefined));
    const app = renderApp(paths.deepLinksSamsAndKohls, { user: vendor });
    await waitFor(() => expect(app.currentPath()).not.toBe(paths.deepLinksSamsAndKohls));
  });
});
