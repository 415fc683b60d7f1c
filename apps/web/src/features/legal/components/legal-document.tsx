import { useId, type ReactNode } from 'react';

/** One titled part of a legal document. */
export interface LegalSection {
  /** Anchor target used by the table of contents, e.g. `section-9`. */
  readonly id: string;
  /** Full heading text, including any number or schedule label. */
  readonly heading: string;
  readonly paragraphs: readonly ReactNode[];
  /** Rendered after the paragraphs: as numbered clauses when `clausePrefix` is set, otherwise as bullets. */
  readonly items?: readonly ReactNode[];
  /** Prefix for clause numbers: `9` gives 9.1, 9.2, ... */
  readonly clausePrefix?: string;
}

/** The date line under the title; the text is written out so it never shifts with the reader's time zone. */
export interface LegalDate {
  readonly label: string;
  /** `YYYY-MM-DD`, for the `<time>` element. */
  readonly isoDate: string;
  readonly text: string;
}

interface LegalDocumentProps {
  readonly title: string;
  readonly date: LegalDate;
  readonly intro: readonly ReactNode[];
  readonly sections: readonly LegalSection[];
}

/** Layout shared by the terms and privacy pages: title, date, table of contents and anchored sections. */
export function LegalDocument({ title, date, intro, sections }: LegalDocumentProps) {
  const titleId = useId();

  return (
    <article aria-labelledby={titleId} className="max-w-3xl leading-7 text-slate-700">
      <header className="border-b border-slate-200 pb-6">
        <h1 id={titleId} className="text-3xl font-bold tracking-tight text-slate-900">
          {title}
        </h1>
        <p className="mt-2 text-sm text-slate-500">
          {date.label} <time dateTime={date.isoDate}>{date.text}</time>
        </p>
        {intro.map((paragraph, index) => (
          <p key={index} className="mt-4">
            {paragraph}
          </p>
        ))}
      </header>

      <nav aria-label="Table of contents" className="mt-8 rounded-lg border border-slate-200 bg-white p-5">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-900">Contents</h2>
        <ol className="mt-3 space-y-1 text-sm">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-blue-700 hover:underline">
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {sections.map((section) => (
        <LegalSectionBlock key={section.id} section={section} />
      ))}
    </article>
  );
}

function LegalSectionBlock({ section }: { readonly section: LegalSection }) {
  const headingId = `${section.id}-heading`;
  const { items, clausePrefix } = section;

  return (
    // scroll-mt keeps the heading clear of the fixed site header when reached through an anchor.
    <section id={section.id} aria-labelledby={headingId} className="mt-10 scroll-mt-24">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {section.heading}
      </h2>
      {section.paragraphs.map((paragraph, index) => (
        <p key={index} className="mt-3">
          {paragraph}
        </p>
      ))}
      {items && clausePrefix !== undefined && (
        <ol className="mt-4 space-y-3">
          {items.map((item, index) => (
            <li key={index} className="flex gap-3">
              <span className="shrink-0 font-semibold text-slate-900">
                {clausePrefix}.{index + 1}
              </span>
              <div>{item}</div>
            </li>
          ))}
        </ol>
      )}
      {items && clausePrefix === undefined && (
        <ul className="mt-4 list-disc space-y-2 pl-6">
          {items.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
