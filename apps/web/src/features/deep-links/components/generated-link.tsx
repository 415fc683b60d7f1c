import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { useCreateShortUrl } from '../api/use-create-short-url';
import { useCopyLink } from '../lib/use-copy-link';
import { QrCode } from './qr-code';

interface GeneratedLinkProps {
  link: string;
  /** The toast after a copy: each screen has its own text (part 2 §8). */
  copyMessage: string;
  /** Text of the copy button ("Copy", API 5: "Copy URL"). */
  copyLabel?: string;
  /** API 5 shows the merchant's logo, linking to the link, and its name (part 2 §2). */
  merchant?: { name: string; logoUrl: string };
  /** The Shorten button: only on API 1 and only when the user's short-URL flag is on (part 2 §1, §2). */
  canShorten?: boolean;
}

const linkClasses = 'break-all font-mono text-sm text-indigo-700 underline-offset-2 hover:underline';

/**
 * A generated link: the link itself, a copy button, an optional Shorten button that the short URL replaces once
 * made (part 2 §4 "Short link"), and a QR code of each. A failed shortening shows nothing (part 2 §8); the button
 * stays so the user may try again.
 */
export function GeneratedLink({
  link,
  copyMessage,
  copyLabel = 'Copy',
  merchant,
  canShorten = false,
}: GeneratedLinkProps) {
  const copyLink = useCopyLink(copyMessage);
  const shorten = useCreateShortUrl();
  const [shortUrl, setShortUrl] = useState<string | null>(null);

  const handleShorten = () => {
    shorten.mutate(
      { body: { url: link, domain: null, expires_at: null } },
      {
        onSuccess: (response) => setShortUrl(response.body.data.tiny_url),
      },
    );
  };

  return (
    <section aria-label="Generated link" className="rounded-xl border border-emerald-200 bg-emerald-50/50 p-4 sm:p-5">
      <div className="flex flex-col gap-5 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 flex-1 space-y-3">
          {merchant ? (
            <div className="flex items-center gap-3">
              <a href={link} target="_blank" rel="noopener noreferrer" className="shrink-0">
                <img
                  src={merchant.logoUrl}
                  alt={`${merchant.name} logo`}
                  width={200}
                  height={80}
                  className="h-12 w-auto rounded bg-white"
                />
              </a>
              <p className="text-base font-semibold text-slate-900">{merchant.name}</p>
            </div>
          ) : null}
          <p className="text-xs font-medium uppercase tracking-wide text-slate-600">Your deep link</p>
          <a href={link} target="_blank" rel="noopener noreferrer" data-testid="generated-link" className={linkClasses}>
            {link}
          </a>
          <div className="flex flex-wrap items-center gap-3">
            <CopyButton onCopy={() => copyLink(link)}>{copyLabel}</CopyButton>
            {canShorten && shortUrl === null ? (
              <Button
                variant="secondary"
                onClick={handleShorten}
                disabled={shorten.isPending}
                aria-busy={shorten.isPending}
              >
                {shorten.isPending ? 'Shortening…' : 'Shorten'}
              </Button>
            ) : null}
          </div>
          {shortUrl !== null ? (
            <div className="space-y-2 border-t border-emerald-200 pt-3">
              <p className="text-xs font-medium uppercase tracking-wide text-slate-600">Short URL</p>
              <div className="flex flex-wrap items-center gap-3">
                <a
                  href={shortUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid="short-url"
                  className={linkClasses}
                >
                  {shortUrl}
                </a>
                <CopyButton className="py-1.5" onCopy={() => copyLink(shortUrl)}>
                  Copy short URL
                </CopyButton>
              </div>
            </div>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-6">
          <QrCode value={link} label="QR code of the deep link" caption="Deep link" fileName="deep-link-qr" />
          {shortUrl !== null ? (
            <QrCode value={shortUrl} label="QR code of the short URL" caption="Short URL" fileName="short-url-qr" />
          ) : null}
        </div>
      </div>
    </section>
  );
}
