import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { ChangePasswordPage } from '../features/auth/components/change-password-page';
import { MyAccountPage } from '../features/auth/components/my-account-page';
import { ProfileFormPage } from '../features/auth/components/profile-form-page';
import { ProfileInfoPage } from '../features/auth/components/profile-info-page';
import { SigninPage } from '../features/auth/components/signin-page';
import { SignupPage } from '../features/auth/components/signup-page';
import { ContactPage } from '../features/legal/components/contact-page';
import { PrivacyPolicyPage } from '../features/legal/components/privacy-policy-page';
import { TermsPage } from '../features/legal/components/terms-page';
import { GuestOnly } from './guards/guest-only';
import { HomeRedirect } from './guards/home-redirect';
import { RequireAuth } from './guards/require-auth';
import { AppLayout } from './layout/app-layout';
import { MenuProvider } from './menu-provider';
import { NotFoundPage } from './not-found-page';

/**
 * - `public`: anyone (terms, policy, contact).
 * - `guest`: sign-in and sign-up; a signed-in user is sent to the landing page.
 * - `private`: signed in, and allowed by the menu engine.
 */
type ScreenAccess = 'public' | 'guest' | 'private';

interface ScreenRoute {
  path: string;
  access: ScreenAccess;
  render: (registered: ReadonlySet<string>) => ReactNode;
}

/**
 * Every screen that exists. Later issues add their screens here (dashboard, reports, deep links, merchants,
 * admin pages...); the side menu and the post-login landing page pick them up through `registeredPaths`.
 */
const SCREEN_ROUTES: readonly ScreenRoute[] = [
  { path: paths.signin, access: 'guest', render: () => <SigninPage /> },
  { path: paths.signup, access: 'guest', render: () => <SignupPage /> },
  {
    path: paths.myProfileInfo,
    access: 'private',
    render: (registered) => <ProfileInfoPage isOrderHistoryAvailable={registered.has(paths.orderHistory)} />,
  },
  { path: paths.myProfile, access: 'private', render: () => <ProfileFormPage /> },
  { path: paths.myAccount, access: 'private', render: () => <MyAccountPage /> },
  { path: paths.changePassword, access: 'private', render: () => <ChangePasswordPage /> },
  { path: paths.termsCondition, access: 'public', render: () => <TermsPage /> },
  { path: paths.policy, access: 'public', render: () => <PrivacyPolicyPage /> },
  { path: paths.contact, access: 'public', render: () => <ContactPage /> },
];

/** The one list of registered screen paths. */
export const registeredPaths: ReadonlySet<string> = new Set(SCREEN_ROUTES.map((route) => route.path));

function guarded(route: ScreenRoute): ReactNode {
  const screen = route.render(registeredPaths);
  switch (route.access) {
    case 'guest':
      return <GuestOnly>{screen}</GuestOnly>;
    case 'private':
      return <RequireAuth path={route.path}>{screen}</RequireAuth>;
    case 'public':
      return screen;
  }
}

/** The route tree, shared by the browser router and the tests' memory router. Paths match exactly, case included. */
export function createAppRoutes(): RouteObject[] {
  return [
    {
      element: (
        <MenuProvider registeredPaths={registeredPaths}>
          <AppLayout />
        </MenuProvider>
      ),
      children: [
        { path: paths.home, caseSensitive: true, element: <HomeRedirect /> },
        { path: paths.signinLegacy, caseSensitive: true, element: <Navigate to={paths.signin} replace /> },
        ...SCREEN_ROUTES.map((route) => ({ path: route.path, caseSensitive: true, element: guarded(route) })),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
