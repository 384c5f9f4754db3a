import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

interface FieldText {
  label: string;
  /** Shown under the control and read with it. */
  hint?: string;
  /** The field's error: shown under the control, read with it, and the control marked invalid. */
  error?: string;
}

export type TextFieldProps =
  | (FieldText & InputHTMLAttributes<HTMLInputElement> & { multiline?: false })
  /** A <textarea> (a message, a long answer). */
  | (FieldText & TextareaHTMLAttributes<HTMLTextAreaElement> & { multiline: true });

/** A labelled text control with its hint and error, one line (<input>) or several (`multiline`: <textarea>). */
export function TextField(props: TextFieldProps) {
  const id = useId();
  const { label, hint, error } = props;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const described = { id, 'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined, 'aria-invalid': error ? true : undefined };
  let control: ReactNode;
  if (props.multiline) {
    const { label: _label, hint: _hint, error: _error, multiline: _multiline, ...textarea } = props;
    control = <textarea {...described} {...textarea} />;
  } else {
    const { label: _label, hint: _hint, error: _error, multiline: _multiline, ...input } = props;
    control = <input {...described} {...input} />;
  }
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {control}
      {hint ? (
        <small id={hintId} className="field-hint">
          {hint}
        </small>
      ) : null}
      {error ? (
        <small id={errorId} className="field-error">
          {error}
        </small>
      ) : null}
    </div>
  );
}
