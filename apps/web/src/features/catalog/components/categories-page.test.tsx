import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { buildUser } from '@publisher/contract/testing';
import { apiFor, answerApi } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { buildCategoryTree } from '../testing/catalog-fixtures';

const admin = buildUser({ vendorId: 5029, role: 'admin' });

describe('CategoriesPage', () => {
  it('shows the top-level categories with their name, id and sub-categories', async () => {
    answerApi(
      apiFor(admin, (request) =>
        request.url.pathname === '/home/getAllCategories'
          ? { status: 200, body: { data: buildCategoryTree() } }
          : undefined,
      ),
    );
    renderApp(paths.categories, { user: admin });

    const apparel = await screen.findByRole('article', { name: 'Apparel' });
    expect(within(apparel).getByRole('heading', { name: 'Apparel' })).toBeInTheDocument();
    expect(apparel).toHaveTextContent('ID 10000');
    const subs = within(apparel).getByRole('list', { name: 'Sub-categories of Apparel' });
    expect(subs).toHaveTextContent('ShirtsID 10100');
    expect(subs).toHaveTextContent('DressesID 10200');
    expect(subs).toHaveTextContent('2 sub-categories');
    expect(screen.getByRole('article', { name: 'Electronics' })).toHaveTextContent('Laptops');
    expect(screen.getByText('2 top-level categories')).toBeInTheDocument();
  });

  it('shows the empty state and the fallback error text', async () => {
    answerApi(
      apiFor(admin, (request) =>
        request.url.pathname === '/home/getAllCategories' ? { status: 200, body: { data: [] } } : undefined,
      ),
    );
    const app = renderApp(paths.categories, { user: admin });
    expect(await screen.findByText('No categories found.')).toBeInTheDocument();
    app.unmount();

    answerApi(
      apiFor(admin, (request) =>
        request.url.pathname === '/home/getAllCategories'
          ? { status: 502, body: 'Bad gateway', isOffContract: true }
          : undefined,
      ),
    );
    renderApp(paths.categories, { user: admin });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  });

  it('is an admin screen: a vendor is sent to their landing page', async () => {
    const vendor = buildUser();
    answerApi(apiFor(vendor, () => undefined));
    const app = renderApp(paths.categories, { user: vendor });
    await waitFor(() => expect(app.currentPath()).toBe(paths.dashboard));
  });
});
