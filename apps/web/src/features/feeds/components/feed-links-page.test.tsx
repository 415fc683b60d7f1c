import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { env } from '../../../config/env';
import { buildUser } from '@publisher/contract/testing';
import { apiFor, answerApi } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';

const user = buildUser();

describe('FeedLinksPage', () => {
  it('shows the two feed links of channel 4 on the API host, each opening in a new tab', async () => {
    answerApi(apiFor(user, () => undefined));
    renderApp(paths.links, { user });
    expect(await screen.findByLabelText('Channel')).toHaveValue('4');
    const links = within(screen.getByRole('list', { name: 'Feed links' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `${env.apiUrl}/addPriceLineFeeds?chanel=4&vendorId=${user.vendorId}`,
      `${env.apiUrl}/addYahooFeeds?chanel=4&q=1001&vendorId=${user.vendorId}`,
    ]);
    for (const link of links) expect(link).toHaveAttribute('target', '_blank');
  });

  it('follows the edited channel and refuses one the API would not take', async () => {
    answerApi(apiFor(user, () => undefined));
    renderApp(paths.links, { user });
    const channel = await screen.findByLabelText('Channel');
    await userEvent.clear(channel);
    await userEvent.type(channel, 'spring-7');
    expect(screen.getAllByRole('link', { name: /addYahooFeeds/ })[0]).toHaveAttribute(
      'href',
      `${env.apiUrl}/addYahooFeeds?chanel=spring-7&q=1001&vendorId=${user.vendorId}`,
    );
    await userEvent.type(channel, ' x');
    expect(screen.getByText('chanel may hold letters, digits, hyphen and underscore only')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Feed links' })).not.toBeInTheDocument();
  });
});
