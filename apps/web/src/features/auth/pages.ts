/**
 * The account screens and sign-up, loaded together on first visit (see lazy routes in app/routes.tsx): sign-in is
 * the only auth screen in the first load.
 */
export { ChangePasswordPage } from './components/change-password-page';
export { MyAccountPage } from './components/my-account-page';
export { ProfileFormPage } from './components/profile-form-page';
export { ProfileInfoPage } from './components/profile-info-page';
export { SignupPage } from './components/signup-page';
