import { Spinner } from '../../../components/ui/spinner';

/** What the page shows while the host is being verified. */
export function GateLoading() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner label="Loading" />
    </div>
  );
}
