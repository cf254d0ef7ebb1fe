import type { ComponentProps } from 'react';

/** A box, a slider or a file picker; a checkbox or a radio button is a `Checkbox` or a `Radio`. */
type InputType =
  | 'text'
  | 'search'
  | 'email'
  | 'password'
  | 'url'
  | 'tel'
  | 'number'
  | 'date'
  | 'time'
  | 'datetime-local'
  | 'range'
  | 'file'
  | 'hidden';
type InputProps = Omit<ComponentProps<'input'>, 'type'> & { readonly type?: InputType };
type ChoiceProps = Omit<ComponentProps<'input'>, 'type'>;

/**
 * An input that is not a labelled form field (`Field`): a search box, an inline rename, a range slider, a hidden
 * file picker. Its name comes from the caller (`aria-label`, or a `<label htmlFor>` beside it), its look from
 * `className`. Features use these instead of a raw `<input>` (lint enforces it outside components/ui).
 */
export function Input(props: InputProps) {
  return <input {...props} />;
}

/** A checkbox; wrap it in its `<label>` text, or give it an `aria-label`. */
export function Checkbox(props: ChoiceProps) {
  return <input {...props} type="checkbox" />;
}

/** One radio button of a group (`name`); wrap it in its `<label>` text. */
export function Radio(props: ChoiceProps) {
  return <input {...props} type="radio" />;
}
