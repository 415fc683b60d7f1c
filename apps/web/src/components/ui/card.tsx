import type { HTMLAttributes } from 'react';

/** A white, bordered surface for a form or a block of details. */
export function Card({ className = '', ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={`rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 ${className}`} {...props} />
  );
}
