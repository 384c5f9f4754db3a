import { useEffect, useRef, type DialogHTMLAttributes, type KeyboardEvent, type RefObject } from 'react';
import './dialog.css';

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], iframe, [tabindex]:not([tabindex="-1"])';

/**
 * A modal <dialog> makes the page behind it inert, but Tab past its last control leaves for the
 * browser's own toolbar; this wraps Tab and Shift+Tab around inside the dialog instead.
 */
function keepTabInside(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

export interface DialogProps extends Omit<DialogHTMLAttributes<HTMLDialogElement>, 'open' | 'onCancel' | 'onClose'> {
  /** Shown as a modal while true. */
  open: boolean;
  /** Escape asks to close: the dialog stays open until its owner sets `open` to false. */
  onCancel: () => void;
  /** The dialog closed, however it closed (the browser may close it on a repeated Escape): the owner's state follows. */
  onClose: () => void;
  /** Called each time it opens, before it shows (to start afresh). */
  onOpen?: () => void;
  ref?: RefObject<HTMLDialogElement | null>;
}

/**
 * The app's one dialog: a native modal <dialog>. The browser keeps focus inside it, makes the page
 * behind inert and turns Escape into a cancel, which the owner may refuse; Tab wraps around inside.
 */
export function Dialog({ open, onCancel, onClose, onOpen, ref, className, children, ...attributes }: DialogProps) {
  const own = useRef<HTMLDialogElement>(null);
  const dialog = ref ?? own;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      onOpen?.();
      element.showModal();
    }
    if (!open && element.open) element.close();
  }, [open, onOpen, dialog]);

  return (
    <dialog
      ref={dialog}
      className={className ? `dialog ${className}` : 'dialog'}
      onKeyDown={keepTabInside}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      onClose={onClose}
      {...attributes}
    >
      {children}
    </dialog>
  );
}
