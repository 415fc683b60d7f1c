import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { buildQrMatrix, qrSvgDocument, QR_QUIET_ZONE, type QrMatrix } from '../lib/qr-svg';
import { saveBlob } from '../../../lib/save-file';

interface QrCodeProps {
  /** The link the code encodes. */
  value: string;
  /** Names the image ("QR code of the deep link"). */
  label: string;
  /** A short visible name under the code ("Deep link"), so two codes side by side can be told apart. */
  caption: string;
  /** File name of the download, without extension. */
  fileName?: string;
}

type QrState = { value: string; matrix: QrMatrix } | { value: string; error: true };

/** An SVG QR code of `value`, drawn locally (no image service), with a button that saves it as an .svg file. */
export function QrCode({ value, label, caption, fileName = 'deep-link-qr' }: QrCodeProps) {
  const [state, setState] = useState<QrState | null>(null);

  useEffect(() => {
    let isCurrent = true;
    buildQrMatrix(value).then(
      (matrix) => {
        if (isCurrent) setState({ value, matrix });
      },
      () => {
        if (isCurrent) setState({ value, error: true });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [value]);

  // A state for an older value is not shown: the code must always match the link beside it.
  const current = state?.value === value ? state : null;
  if (current === null) return <Spinner label="Drawing the QR code" />;
  if ('error' in current) return <p className="text-sm text-slate-600">The QR code could not be drawn.</p>;

  const side = current.matrix.size + QR_QUIET_ZONE * 2;
  const handleDownload = () => {
    saveBlob(new Blob([qrSvgDocument(current.matrix)], { type: 'image/svg+xml' }), `${fileName}.svg`);
  };
  return (
    <figure className="flex flex-col items-center gap-2">
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${side} ${side}`}
        shapeRendering="crispEdges"
        className="h-40 w-40 rounded-lg border border-slate-200"
      >
        <rect width={side} height={side} fill="#ffffff" />
        <path d={current.matrix.path} fill="#000000" />
      </svg>
      <figcaption className="text-xs font-medium text-slate-600">{caption}</figcaption>
      <Button
        variant="secondary"
        onClick={handleDownload}
        className="py-1.5"
        aria-label={`Download QR of the ${caption.toLowerCase()}`}
      >
        Download QR
      </Button>
    </figure>
  );
}
