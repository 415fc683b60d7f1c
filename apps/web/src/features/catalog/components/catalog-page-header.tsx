import type { ReactNode } from 'react';

interface CatalogPageHeaderProps {
  title: string;
  description?: ReactNode;
}

export function CatalogPageHeader({ title, description }: CatalogPageHeaderProps) {
  return (
    <header>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
    </header>
  );
}
