import type { ReactNode } from 'react';

export interface Detail {
  label: string;
  value: ReactNode;
}

/** Label/value pairs, two columns on wide screens. Empty values read "Not provided". */
export function DetailList({ details }: { details: readonly Detail[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-5 sm:grid-cols-2">
      {details.map((detail) => (
        <div key={detail.label} className="min-w-0">
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{detail.label}</dt>
          <dd className="mt-1 break-words text-sm text-slate-900">
            {detail.value === '' || detail.value === null || detail.value === undefined ? (
              <span className="text-slate-600">Not provided</span>
            ) : (
              detail.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
