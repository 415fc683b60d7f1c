import type { ReactNode } from 'react';

/**
 * - `public`: anyone (terms, policy, contact).
 * - `guest`: sign-in and sign-up; a signed-in user is sent to the landing page.
 * - `private`: signed in, and allowed by the menu engine.
 */
export type ScreenAccess = 'public' | 'guest' | 'private';

/** One registered screen: its exact path, its name, who may open it and what it renders. */
export interface ScreenRoute {
  path: string;
  /** The screen's name as its heading or menu entry gives it; the tab reads "<title> · Publisher Portal". */
  title: string;
  access: ScreenAccess;
  render: () => ReactNode;
}
