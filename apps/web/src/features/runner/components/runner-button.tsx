import { Button, type ButtonProps } from '@/components/ui/button';

/** The screen's main action button. */
export function RunnerButton({ className, ...props }: ButtonProps) {
  return <Button variant="primary" className={`runner-action ${className ?? ''}`.trim()} {...props} />;
}
