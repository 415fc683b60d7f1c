/** The terms, privacy policy and contact screens, loaded on first visit (see lazy routes in app/routes.tsx). */
export { ContactPage } from './components/contact-page';
export { PrivacyPolicyPage } from './components/privacy-policy-page';
export { TermsPage } from './components/terms-page';
