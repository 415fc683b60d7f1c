/** The deep link screens, loaded together on first visit (see lazy routes in app/routes.tsx). */
export { DeepLinksAPIPage } from './components/deep-links-api-page';
export { DeepLinksAPI5Page } from './components/deep-links-api5-page';
export { SamsAndKohlsPage } from './components/sams-and-kohls-page';
export {
  DeepLinksAPI3NewPage,
  DeepLinksAPI3Page,
  DeepLinksAPI4NewPage,
  DeepLinksAPI4Page,
} from './components/partner-links-pages';
export { DeepLinksAPI2Page } from './components/deep-links-api2-page';
