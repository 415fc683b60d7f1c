/** The deep link screens, loaded together on first visit (see lazy routes in app/routes.tsx). */
export { DeepLinksAPI4NewPage } from './components/deep-links-api4-new-page';
