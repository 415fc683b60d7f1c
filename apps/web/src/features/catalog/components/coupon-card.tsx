import type { Coupon } from '@publisher/contract';
import { useId } from 'react';
import { CopyButton } from '../../../components/ui/copy-button';
import { formatDate } from '../../../lib/format';

interface CouponCardProps {
  coupon: Coupon;
  /** Resolves true once the link is on the clipboard (the button then says Copied). */
  onCopyLink: (coupon: Coupon) => Promise<boolean>;
}

/** One coupon: title, store, domain, code, start and expiry days, type, and Copy Link. */
export function CouponCard({ coupon, onCopyLink }: CouponCardProps) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-xs font-medium uppercase tracking-wide text-slate-500">{coupon.storeName}</p>
          <p className="truncate text-xs text-slate-500">{coupon.domainName}</p>
        </div>
        <span className="shrink-0 rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700 ring-1 ring-inset ring-indigo-200">
          {coupon.type}
        </span>
      </div>
      <h2 id={titleId} className="text-sm font-semibold text-slate-900">
        {coupon.couponTitle}
      </h2>
      <dl className="grid grid-cols-2 gap-2 text-xs">
        <div className="col-span-2">
          <dt className="text-slate-500">Coupon Code</dt>
          <dd className="mt-0.5 font-mono text-sm font-semibold text-slate-900">
            {coupon.couponCode === '' ? (
              <span className="font-sans font-normal text-slate-500">No code needed</span>
            ) : (
              coupon.couponCode
            )}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Start Date</dt>
          <dd className="mt-0.5 text-slate-800 tabular-nums">{formatDate(coupon.startDateGMT)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Expiry Date</dt>
          <dd className="mt-0.5 text-slate-800 tabular-nums">{formatDate(coupon.endDateGMT)}</dd>
        </div>
      </dl>
      <div className="mt-auto">
        <CopyButton isFullWidth aria-label={`Copy Link of ${coupon.couponTitle}`} onCopy={() => onCopyLink(coupon)}>
          Copy Link
        </CopyButton>
      </div>
    </article>
  );
}
