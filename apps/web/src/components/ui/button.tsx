import type { ComponentProps } from 'react';

/**
 * The looks styles.css gives `.button`: `secondary` (outlined, the default), `primary` (filled,
 * the page's main action) and `google` (the neutral, full-width "Sign in with Google").
 */
export type ButtonVariant = 'primary' | 'secondary' | 'google';

export type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  /** As wide as its container (a form's submit button). */
  block?: boolean;
};

/** The one place that writes `<button className="button …">` (eslint.config.mjs forbids it elsewhere). */
export function buttonClassName({ variant = 'secondary', block = false, className }: Pick<ButtonProps, 'variant' | 'block' | 'className'>): string {
  return ['button', variant === 'secondary' ? '' : variant, block ? 'block' : '', className ?? ''].filter(Boolean).join(' ');
}

/** A button of the site's look; `type` is "button" unless given (a form's submit says "submit"). */
export function Button({ variant, block, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClassName({ variant, block, className })} {...props} />;
}
