import type { Cashback } from '@publisher/contract';
import { useId } from 'react';
import { CopyButton } from '../../../components/ui/copy-button';
import { countryName, formatCommission } from '../lib/format';

interface CashbackCardProps {
  offer: Cashback;
  /** Resolves true once the link is on the clipboard (the button then says Copied). */
  onCopyLink: (offer: Cashback) => Promise<boolean>;
}

/** One cashback offer: advertiser, domain, categories, headline commission, commission details, country. */
export function CashbackCard({ offer, onCopyLink }: CashbackCardProps) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="truncate text-base font-semibold text-slate-900">
            {offer.advertiserName}
          </h2>
          <p className="truncate text-xs text-slate-500">{offer.domain}</p>
        </div>
        <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
          {countryName(offer.country)} ({offer.country.toUpperCase()})
        </span>
      </div>
      <p className="text-lg font-semibold text-emerald-700">
        <span className="sr-only">Commission: </span>
        {offer.commission}
      </p>
      {offer.categories.length > 0 ? (
        <ul aria-label="Categories" className="flex flex-wrap gap-1.5">
          {offer.categories.map((category) => (
            <li key={category} className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs text-indigo-700">
              {category}
            </li>
          ))}
        </ul>
      ) : null}
      {offer.commissionDetail.length > 0 ? (
        <table className="w-full text-left text-xs">
          <caption className="sr-only">{`Commission details of ${offer.advertiserName}`}</caption>
          <thead className="text-slate-500">
            <tr>
              <th scope="col" className="py-1 pr-2 font-medium">
                Offer
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                Type
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                Commission Type
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Commission
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 text-slate-800">
            {offer.commissionDetail.map((detail, index) => (
              <tr key={`${detail.offerName}-${index}`}>
                {/* A card's own small table wraps rather than stacks; it names its row and figure as every table does
                    (DataColumn.priority), for the route walk's check that both are in view. */}
                <td className="py-1 pr-2" data-priority="identity">
                  {detail.offerName}
                </td>
                <td className="py-1 pr-2">{detail.offerType}</td>
                <td className="py-1 pr-2">{detail.commissionType}</td>
                <td className="py-1 text-right tabular-nums" data-priority="key">
                  {formatCommission(detail.commission, detail.commissionType)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <div className="mt-auto flex items-center gap-3">
        <CopyButton
          className="flex-1"
          aria-label={`Copy Link of ${offer.advertiserName}`}
          onCopy={() => onCopyLink(offer)}
        >
          Copy Link
        </CopyButton>
        <a
          href={offer.commissionUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="text-xs text-indigo-600 hover:underline"
        >
          Terms
        </a>
      </div>
    </article>
  );
}
