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
 * needs it). It fails closed: only an answer that says yes loads the app; a no, a refused or failed call (API down,
 * CORS) or an answer of another shape shows the blocking page, so an unknown host never gets the sign-in page.
 */
export function VerifiedDomain({ location, children }: VerifiedDomainProps) {
  const verification = useVerifyDomain(location.host, true);
  if (verification.isPending) return <GateLoading />;
  const answer = verification.data?.status === 200 ? verification.data.body : undefined;
  if (!answer?.success) return <DomainNotActivatedPage homeUrl={homeUrlFor(location)} />;
  return <WhiteLabelContext.Provider value={answer.whiteLabelName ?? null}>{children}</WhiteLabelContext.Provider>;
}
