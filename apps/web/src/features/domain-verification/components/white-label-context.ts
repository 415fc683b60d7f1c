import { createContext } from 'react';

/** The white-label name of the custom domain the app is served on, or null on the app's own hosts. */
export const WhiteLabelContext = createContext<string | null>(null);
