import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';
import { hasErrors, type FormErrors } from './validation';

type Values<Field extends string> = Record<Field, string>;

export interface FieldBinding {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  error: boolean;
}

export interface FormController<Field extends string> {
  values: Values<Field>;
  /** Translation keys of the messages, present once the user tried to submit. */
  errors: FormErrors<Field>;
  field: (name: Field) => FieldBinding;
  handleSubmit: (
    onValid: (values: Values<Field>) => void | Promise<void>,
  ) => (event: FormEvent<HTMLFormElement>) => void;
  reset: (values?: Values<Field>) => void;
}

/**
 * Controlled fields with inline validation. Messages appear after the first submit and
 * follow the user's edits; the first invalid field gets the focus. Forms using it set
 * `noValidate`, so the browser's own checks never block the messages (CONTRACT §8).
 */
export function useForm<Field extends string>(
  initialValues: Values<Field>,
  validate: (values: Values<Field>) => FormErrors<Field>,
): FormController<Field> {
  const [values, setValues] = useState(initialValues);
  const [submitted, setSubmitted] = useState(false);
  const errors: FormErrors<Field> = submitted ? validate(values) : {};

  const field = (name: Field): FieldBinding => ({
    name,
    value: values[name],
    onChange: (event) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
    },
    error: Boolean(errors[name]),
  });

  const handleSubmit =
    (onValid: (values: Values<Field>) => void | Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      setSubmitted(true);
      const found = validate(values);
      if (hasErrors(found)) {
        const firstInvalid = (Object.keys(values) as Field[]).find((name) => found[name]);
        const element = firstInvalid ? event.currentTarget.elements.namedItem(firstInvalid) : null;
        if (element instanceof HTMLElement) element.focus();
        return;
      }
      void onValid(values);
    };

  const reset = useCallback(
    (next?: Values<Field>) => {
      setValues(next ?? initialValues);
      setSubmitted(false);
    },
    [initialValues],
  );

  return { values, errors, field, handleSubmit, reset };
}
