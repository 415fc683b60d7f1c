import type { Product } from '@publisher/contract';
import { useId } from 'react';
import { CopyButton } from '../../../components/ui/copy-button';
import { formatMoney } from '../../../lib/format';

interface ProductCardProps {
  product: Product;
  /** Resolves true once the link is on the clipboard (the button then says Copied). */
  onCopyUrl: (product: Product) => Promise<boolean>;
}

/**
 * One product: image, title, manufacturer, merchant, current price (and the original one, struck through, when the
 * product is on offer), its tracked url, Copy URL.
 */
export function ProductCard({ product, onCopyUrl }: ProductCardProps) {
  const titleId = useId();
  const source = product._source;
  const image = source.images.image[0]?.value;
  const isOnOffer = source.price.value < source.originalPrice.value;
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex aspect-[4/3] items-center justify-center bg-slate-50">
        {image ? <img src={image} alt="" loading="lazy" className="h-full w-full object-contain" /> : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <h2 id={titleId} className="line-clamp-2 text-sm font-semibold text-slate-900">
            {source.title}
          </h2>
          <dl className="mt-2 space-y-1 text-xs text-slate-600">
            <div className="flex gap-1">
              <dt className="font-medium text-slate-500">Manufacturer:</dt>
              <dd>{source.manufacturer}</dd>
            </div>
            <div className="flex gap-1">
              <dt className="font-medium text-slate-500">Merchant:</dt>
              <dd>{source.merchantName}</dd>
            </div>
          </dl>
        </div>
        <p className="flex items-baseline gap-2">
          <span className="text-lg font-semibold text-slate-900 tabular-nums" data-testid="product-price">
            <span className="sr-only">Price: </span>
            {formatMoney(source.price.value)}
          </span>
          {/* The original price only where it differs: "$4.00 $4.00" read as two prices. */}
          {isOnOffer ? (
            <span className="text-sm text-slate-500 tabular-nums line-through" data-testid="product-original-price">
              <span className="sr-only">Original price: </span>
              {formatMoney(source.originalPrice.value)}
            </span>
          ) : null}
        </p>
        <a
          href={source.url.value}
          target="_blank"
          rel="noopener noreferrer"
          className="truncate text-xs text-indigo-600 hover:underline"
          title={source.url.value}
        >
          {source.url.value}
        </a>
        <div className="mt-auto">
          <CopyButton isFullWidth aria-label={`Copy URL of ${source.title}`} onCopy={() => onCopyUrl(product)}>
            Copy URL
          </CopyButton>
        </div>
      </div>
    </article>
  );
}
