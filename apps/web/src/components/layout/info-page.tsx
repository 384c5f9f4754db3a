import type { ReactNode } from 'react';

/** A page of reading text (about, terms, privacy): a title, an optional lead and the text. */
export function InfoPage({ title, lead, updated, children }: { title: string; lead?: ReactNode; updated?: string; children: ReactNode }) {
  return (
    <article className="info-page prose">
      <header className="page-header">
        <h1>{title}</h1>
        {lead ? <p className="lead">{lead}</p> : null}
        {updated ? <p className="meta">Last updated {updated}</p> : null}
      </header>
      {children}
    </article>
  );
}
