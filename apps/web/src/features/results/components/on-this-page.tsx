import { useId, useRef, useState } from 'react';
import { RESULTS_TEXT } from '../texts';
import { SectionLink, type GoToSection } from './section-link';

export interface PageEntry {
  target: string;
  label: string;
  /** The section's score as the section itself shows it, when it has one. */
  score?: string;
}

/**
 * "On this page": a link per section with its score. A column that stays in view on wide
 * screens; on narrower ones a menu behind a disclosure button that closes once a link is taken
 * (or on Escape), Back then returning focus to the button.
 */
export function OnThisPage({ entries, goTo }: { entries: readonly PageEntry[]; goTo: GoToSection }) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const go: GoToSection = (target, from) => goTo(target, from, () => toggle.current);
  return (
    <nav
      className="on-this-page"
      aria-label={RESULTS_TEXT.navLabel}
      data-open={open}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          toggle.current?.focus();
        }
      }}
    >
      <p className="on-this-page__title" aria-hidden="true">
        {RESULTS_TEXT.navLabel}
      </p>
      <button ref={toggle} type="button" className="on-this-page__toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((o) => !o)}>
        {RESULTS_TEXT.navToggle}
      </button>
      <ul id={listId} className="on-this-page__list">
        {entries.map((entry) => (
          <li key={entry.target}>
            <SectionLink target={entry.target} goTo={go} className="on-this-page__link" onNavigate={() => setOpen(false)}>
              <span>{entry.label}</span>
              {entry.score ? (
                <>
                  {' '}
                  <span className="on-this-page__score">{entry.score}</span>
                </>
              ) : null}
            </SectionLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
