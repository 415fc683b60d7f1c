import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { useRecordPriceLineClick } from '../api/use-record-price-line-click';

interface HandleClickPageProps {
  /** The signed-in vendor, credited with the click; undefined for a signed-out visitor (an anonymous click). */
  vendorId?: number | undefined;
  /** Leaves the app for the price-line target (tests replace it). */
  forward?: (url: string) => void;
}

const leaveTo = (url: string) => window.location.assign(url);
const valueOf = (params: URLSearchParams, name: string) => params.get(name) ?? undefined;

/**
 * The redirect placeholder (`/handleclick`, part 2 §2): reads checkIn, checkOut, chanel and city, records a
 * price-line click with them through the API, credited to the signed-in vendor (the route is public, so the call
 * carries the vendorId itself), and forwards to where the API says, instead of doing nothing.
 */
export function HandleClickPage({ vendorId, forward = leaveTo }: HandleClickPageProps) {
  const [params] = useSearchParams();
  const record = useRecordPriceLineClick();
  const { mutate } = record;
  const hasSent = useRef(false);

  useEffect(() => {
    // Once per visit, also under StrictMode's double effects: every send is a click.
    if (hasSent.current) return;
    hasSent.current = true;
    mutate(
      {
        body: {
          chanel: params.get('chanel') ?? '',
          checkIn: valueOf(params, 'checkIn'),
          checkOut: valueOf(params, 'checkOut'),
          city: valueOf(params, 'city'),
          ...(vendorId === undefined ? {} : { vendorId }),
        },
      },
      { onSuccess: (response) => forward(response.body.redirectUrl) },
    );
  }, [mutate, params, forward, vendorId]);

  return (
    <div className="mx-auto max-w-xl space-y-4 py-16 text-center">
      <p className="text-lg font-medium text-slate-800">re directing to price line</p>
      {record.isError ? <QueryError error={record.error} /> : <Spinner label="Redirecting" />}
    </div>
  );
}
