import { lazy, Suspense, useContext, type ReactNode } from 'react';
import { isLocalHost } from '../lib/hosts';
import { GateLoading } from './gate-loading';
import { WhiteLabelContext } from './white-label-context';

const VerifiedDomain = lazy(async () => ({ default: (await import('./verified-domain')).VerifiedDomain }));

/** The white-label name of the custom domain the app is served on, or null on the app's own hosts. */
export function useWhiteLabelName(): string | null {
  return useContext(WhiteLabelContext);
}

interface DomainGateProps {
  /** The page's location; the real one unless a test says otherwise. */
  location?: Pick<Location, 'host' | 'hostname' | 'protocol' | 'port'>;
  children: ReactNode;
}

/**
 * White-label hosts (part 2 §1, §2): the app sends its host to the verification call before it loads. A vendor's
 * custom domain loads with that vendor's name for the header; an unknown host gets the blocking page; plain
 * localhost needs no call, nor the call's code (VerifiedDomain loads only for other hosts).
 */
export function DomainGate({ location = window.location, children }: DomainGateProps) {
  if (isLocalHost(location.hostname)) {
    return <WhiteLabelContext.Provider value={null}>{children}</WhiteLabelContext.Provider>;
  }
  return (
    <Suspense fallback={<GateLoading />}>
      <VerifiedDomain location={location}>{children}</VerifiedDomain>
    </Suspense>
  );
}
