import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';

function renderDialog(open: boolean, handlers = { onCancel: vi.fn(), onClose: vi.fn(), onOpen: vi.fn() }) {
  const view = (isOpen: boolean) => (
    <>
      <button type="button">Behind</button>
      <Dialog open={isOpen} {...handlers} aria-labelledby="title">
        <h2 id="title">Title</h2>
        <button type="button">First</button>
        <button type="button" disabled>
          Disabled
        </button>
        <button type="button">Last</button>
      </Dialog>
    </>
  );
  const rendered = render(view(open));
  return { ...handlers, dialog: screen.getByRole('dialog', { hidden: true }), rerender: (isOpen: boolean) => rendered.rerender(view(isOpen)) };
}

describe('Dialog', () => {
  it('shows as a modal while open, calling onOpen first, and closes when open turns false', () => {
    const { dialog, onOpen, rerender } = renderDialog(false);
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(onOpen).not.toHaveBeenCalled();
    rerender(true);
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(onOpen).toHaveBeenCalledTimes(1);
    rerender(false);
    expect(dialog.hasAttribute('open')).toBe(false);
  });

  it('turns Escape (cancel) into a request: onCancel, and the dialog stays open until its owner closes it', () => {
    const { dialog, onCancel } = renderDialog(true);
    const cancel = new Event('cancel', { cancelable: true });
    act(() => void dialog.dispatchEvent(cancel));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(cancel.defaultPrevented).toBe(true);
    expect(dialog.hasAttribute('open')).toBe(true);
  });

  it('tells its owner when it closed by itself', () => {
    const { dialog, onClose } = renderDialog(true);
    act(() => (dialog as HTMLDialogElement).close());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('wraps Tab from its last control to its first, and Shift+Tab back, skipping disabled ones', async () => {
    renderDialog(true);
    const first = screen.getByRole('button', { name: 'First' });
    const last = screen.getByRole('button', { name: 'Last' });
    last.focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(first);
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(last);
  });
});
