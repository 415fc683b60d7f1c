import { DownloadButton } from '../../../components/ui/download-button';
import { QueryError } from '../../../components/ui/query-error';

interface MerchantLinksDownloadProps {
  fileName: string;
  isPending: boolean;
  error: unknown;
  onDownload: () => void;
}

/** The CSV download button of a merchant list, with the failure of the last try beside it. */
export function MerchantLinksDownload({ fileName, isPending, error, onDownload }: MerchantLinksDownloadProps) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <DownloadButton fileName={fileName} isPending={isPending} onClick={onDownload} />
      <QueryError error={error} />
    </div>
  );
}
