import type { MouseEvent, ReactNode } from 'react';

/** Moves to a heading of the page (hooks/use-section-navigation); `fallback` takes focus on Back when `from` is hidden by then. */
export type GoToSection = (targetId: string, from: HTMLElement, fallback?: () => HTMLElement | null) => void;

/**
 * A link to a heading of /result: a real #link (it can be opened in a new tab or copied), whose
 * plain activation goes through the page's section navigation (focus and Back).
 */
export function SectionLink({ target, goTo, className, children, onNavigate }: { target: string; goTo: GoToSection; className?: string; children: ReactNode; onNavigate?: () => void }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate?.();
    goTo(target, event.currentTarget);
  };
  return (
    <a href={`#${target}`} className={className} onClick={follow}>
      {children}
    </a>
  );
}
