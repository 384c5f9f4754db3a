import type { ComponentProps } from 'react';

/** The screen's main action button. */
export function RunnerButton({ className, ...props }: ComponentProps<'button'>) {
  return <button type="button" className={`button primary runner-action ${className ?? ''}`.trim()} {...props} />;
}
