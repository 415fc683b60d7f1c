import type { ReactNode } from 'react';
import { useVerifyDomain } from '../api/use-verify-domain';
import { homeUrlFor } from '../lib/hosts';
import { DomainNotActivatedPage } from './domain-not-activated-page';
import { GateLoading } from './gate-loading';
import { WhiteLabelContext } from './white-label-context';

interface VerifiedDomainProps {
  location: Pick<Location, 'host' | 'hostname' | 'protocol' | 'port'>;
  children: ReactNode;
}

/**
 * The verification call for a host that is not the app's own (loaded lazily by DomainGate: plain localhost never
 * needs it). If the call itself fails (API unreachable) the app loads as usual: the blocking page is for hosts the
 * API says no to, not for outages.
 */
export function VerifiedDomain({ location, children }: VerifiedDomainProps) {
  const verification = useVerifyDomain(location.host, true);
  if (verification.isPending) return <GateLoading />;
  const answer = verification.data?.body;
  if (answer && !answer.success) return <DomainNotActivatedPage homeUrl={homeUrlFor(location)} />;
  return <WhiteLabelContext.Provider value={answer?.whiteLabelName ?? null}>{children}</WhiteLabelContext.Provider>;
}
