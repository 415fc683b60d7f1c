import type { ReactNode } from 'react';

interface ReportPageHeaderProps {
  title: string;
  /** A line under the title (e.g. whose data an admin is reading). */
  description?: ReactNode;
}

export function ReportPageHeader({ title, description }: ReportPageHeaderProps) {
  return (
    <header>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
    </header>
  );
}

/** The line that says which vendor's data an override is showing. */
export function campaignDescription(campaignId: number, isOverride: boolean): ReactNode {
  return isOverride ? `Showing the reports of vendor ${campaignId}.` : undefined;
}
