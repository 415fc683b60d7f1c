import { createContext, useContext, type ReactNode } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { useVerifyDomain } from '../api/use-verify-domain';
import { homeUrlFor, isLocalHost } from '../lib/hosts';
import { DomainNotActivatedPage } from './domain-not-activated-page';

const WhiteLabelContext = createContext<string | null>(null);

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
 * localhost needs no call. If the call itself fails (API unreachable) the app loads as usual: the blocking page is
 * for hosts the API says no to, not for outages.
 */
export function DomainGate({ location = window.location, children }: DomainGateProps) {
  const needsCheck = !isLocalHost(location.hostname);
  const verification = useVerifyDomain(location.host, needsCheck);
  if (!needsCheck) return <WhiteLabelContext.Provider value={null}>{children}</WhiteLabelContext.Provider>;
  if (verification.isPending) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner label="Loading" />
      </div>
    );
  }
  const answer = verification.data?.body;
  if (answer && !answer.success) return <DomainNotActivatedPage homeUrl={homeUrlFor(location)} />;
  return <WhiteLabelContext.Provider value={answer?.whiteLabelName ?? null}>{children}</WhiteLabelContext.Provider>;
}
