/** The catalog screens, loaded together on first visit (see lazy routes in app/routes.tsx). */
export { CashbackPage } from './components/cashback-page';
export { CategoriesPage } from './components/categories-page';
export { CouponsPage } from './components/coupons-page';
export { MerchantsPage } from './components/merchants-page';
export { ProductsPage } from './components/products-page';
