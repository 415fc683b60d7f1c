import type { ReactNode } from 'react';

/**
 * - `public`: anyone (terms, policy, contact).
 * - `guest`: sign-in and sign-up; a signed-in user is sent to the landing page.
 * - `private`: signed in, and allowed by the menu engine.
 */
export type ScreenAccess = 'public' | 'guest' | 'private';

/** One registered screen: its exact path, who may open it and what it renders. */
export interface ScreenRoute {
  path: string;
  access: ScreenAccess;
  render: () => ReactNode;
}
