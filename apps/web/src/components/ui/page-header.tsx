import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  /** A line under the title (e.g. whose data an admin is reading). */
  description?: ReactNode;
}

/** The title of a screen (its one h1) and an optional line under it. */
export function PageHeader({ title, description }: PageHeaderProps) {
  return (
    <header>
      {/* Focusable by script only: focus lands here after a navigation (app/layout/focus-heading-on-navigation). */}
      <h1 tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none">
        {title}
      </h1>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
    </header>
  );
}
