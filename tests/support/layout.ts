import type { Page } from 'playwright-core';

/**
 * What is wrong with the layout as shown now: a page wider than the window (horizontal scroll), a
 * control reaching past the window's sides, two controls on top of each other, or a control in
 * view that something else covers. Controls are what a person clicks, types into or tabs to.
 * With a modal dialog open only the dialog's controls count (the page behind it is inert).
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    const width = root.clientWidth;
    const describe = (el: Element) => {
      const text = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const name = el.getAttribute('name') ?? el.id;
      const classes = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `<${el.tagName.toLowerCase()}${classes}${name ? ` ${name}` : ''}>${text ? ` "${text}"` : ''}`;
    };
    if (root.scrollWidth > width) {
      // The culprits: the outermost elements that reach past the right edge.
      const wide = Array.from(document.body.querySelectorAll('*')).filter((el) => el.getBoundingClientRect().right > width + 1);
      const outermost = wide.filter((el) => !wide.some((other) => other !== el && other.contains(el) && other !== document.body));
      problems.push(`horizontal scroll: the page is ${root.scrollWidth}px wide in a ${width}px window (${outermost.slice(0, 3).map(describe).join(', ')})`);
    }
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) return false;
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && Number(style.opacity) > 0 && !el.closest('[aria-hidden="true"], [inert]');
    };
    const scope = document.querySelector('dialog[open]') ?? document;
    const controls = Array.from(
      scope.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="radio"], [tabindex]:not([tabindex="-1"])'),
    ).filter(shown);
    const boxes = controls.map((el) => el.getBoundingClientRect());
    const labelsOf = (el: Element) => Array.from((el as HTMLInputElement).labels ?? []);
    const related = (a: Element, b: Element) => a.contains(b) || b.contains(a) || labelsOf(a).some((label) => label.contains(b)) || labelsOf(b).some((label) => label.contains(a));

    controls.forEach((el, i) => {
      const box = boxes[i]!;
      if (box.left < -1 || box.right > width + 1) problems.push(`${describe(el)} reaches past the window (${Math.round(box.left)}…${Math.round(box.right)} of ${width}px)`);
      for (let j = i + 1; j < controls.length; j++) {
        const other = boxes[j]!;
        const overlapX = Math.min(box.right, other.right) - Math.max(box.left, other.left);
        const overlapY = Math.min(box.bottom, other.bottom) - Math.max(box.top, other.top);
        if (overlapX > 1 && overlapY > 1 && !related(el, controls[j]!)) problems.push(`${describe(el)} overlaps ${describe(controls[j]!)}`);
      }
      // Covered: in view, but its middle belongs to something else (a bar, a card, a dialog).
      const x = (box.left + box.right) / 2;
      const y = (box.top + box.bottom) / 2;
      if (x >= 0 && x < width && y >= 0 && y < window.innerHeight) {
        const top = document.elementFromPoint(x, y);
        if (top && !el.contains(top) && !top.contains(el) && !related(el, top)) problems.push(`${describe(el)} is covered by ${describe(top)}`);
      }
    });
    return problems;
  });
}
