import type { ReactNode } from 'react';

/** A section's heading, also where "On this page" and the summary's links move focus (so not in the Tab order). */
export function SectionHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} tabIndex={-1} className="results-target">
      {children}
    </h2>
  );
}
