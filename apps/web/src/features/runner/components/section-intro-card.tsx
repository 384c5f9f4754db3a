import { useFocusOnMount } from '@/hooks/use-focus-on-mount';
import { SECTION_KEYS, SECTION_NAMES, sectionNumber, type SectionKey } from '@fluent/contracts';
import { SECTION_INTROS } from '../sections';
import { RunnerButton } from './runner-button';

/** Each section opens on this card; its text is read aloud while it shows. */
export function SectionIntroCard({ section, onStart }: { section: SectionKey; onStart: () => void }) {
  const start = useFocusOnMount<HTMLButtonElement>();
  return (
    <section className="card runner-card" aria-labelledby="section-intro-title">
      <p className="runner-eyebrow">Section {sectionNumber(section)} of {SECTION_KEYS.length}</p>
      <h1 id="section-intro-title">{SECTION_NAMES[section]}</h1>
      <p className="runner-intro-text">{SECTION_INTROS[section]}</p>
      <RunnerButton ref={start} onClick={onStart}>
        Start Section
      </RunnerButton>
    </section>
  );
}
