import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import {
  useForm,
  type FieldValues,
  type Path,
  type SubmitErrorHandler,
  type UseFormProps,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from './api-client';
import { errorMessage } from './error-message';

/** Where a failed submit's words go when no field claims them (shown by <FormError>). */
export const SERVER_ERROR = 'root.server';

interface ZodFormOptions<TValues extends FieldValues, TData> extends Omit<
  UseFormProps<TValues, unknown, TData>,
  'resolver'
> {
  /** The fields an API error's `fields` may name: their messages are shown under those fields. */
  serverFields?: readonly Path<TValues>[];
}

export type ZodForm<TValues extends FieldValues, TData> = UseFormReturn<TValues, unknown, TData> & {
  /**
   * The form's onSubmit: checks the values with the schema (errors under their fields, the first
   * invalid one focused, nothing sent), then runs `action` once at a time (isSubmitting holds until it
   * settles, so the submit button, given isLoading={isSubmitting}, is disabled meanwhile). A thrown
   * error puts the server's per-field messages under those fields and its words in the form's
   * SERVER_ERROR (render <FormError> where the form shows them; mutation hooks that toast need not).
   */
  submit: (
    action: (data: TData) => unknown,
    onInvalid?: SubmitErrorHandler<TValues>,
  ) => (event?: { preventDefault?: () => void }) => Promise<void>;
};

/**
 * The one way a Grip form validates (issue 33): react-hook-form with the shared zod schema, so the
 * browser and the server check the same rules with the same words.
 */
export function useZodForm<TValues extends FieldValues, TData = TValues>(
  schema: z.ZodType<TData, TValues>,
  { serverFields = [], ...options }: ZodFormOptions<TValues, TData> = {},
): ZodForm<TValues, TData> {
  const form = useForm<TValues, unknown, TData>({ ...options, resolver: zodResolver(schema) });
  const busy = useRef(false);
  const submitted = useRef<HTMLFormElement | null>(null);
  const { submitCount, isSubmitting } = form.formState;
  // The first invalid field takes focus once the submit has settled. react-hook-form tries while it
  // validates, when a form that disables its fields while sending has them disabled (a disabled field
  // takes no focus), and once more a timer later, which may still come before React re-enables them.
  // After the render that ends the submit, the fields are enabled and in the order the form shows them.
  useEffect(() => {
    const formElement = submitted.current;
    if (submitCount === 0 || isSubmitting || !formElement) return;
    const active = document.activeElement;
    if (active && formElement.contains(active) && active.getAttribute('aria-invalid') === 'true') return;
    formElement.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount, isSubmitting]);
  const submit: ZodForm<TValues, TData>['submit'] = (action, onInvalid) => async (event) => {
    event?.preventDefault?.();
    const target = (event as { currentTarget?: unknown } | undefined)?.currentTarget;
    if (target instanceof HTMLFormElement) submitted.current = target;
    // Enter pressed again while the first submit runs sends nothing twice.
    if (busy.current) return;
    busy.current = true;
    try {
      await form.handleSubmit(async (data) => {
        try {
          await action(data);
        } catch (error) {
          applyServerErrors(form, error, serverFields);
          form.setError(SERVER_ERROR as Path<TValues>, { type: 'server', message: errorMessage(error) });
        }
      }, onInvalid)();
    } finally {
      busy.current = false;
    }
  };
  return Object.assign(form, { submit });
}

/**
 * A form schema: the form's values as typed turned into the domain's input, then checked by the
 * domain's schema, whose errors land on the form's fields of the same names (or, for inputs a field
 * stands for under another name, the field `fieldOf` names: `{ targetKind: 'target' }`). Each issue
 * is said under its top-level field, the first one per field shown.
 */
export function formSchema<TValues, TData>(
  toInput: (values: TValues) => unknown,
  schema: z.ZodType<TData>,
  fieldOf: Readonly<Record<string, string>> = {},
): z.ZodType<TData, TValues> {
  return z.custom<TValues>().transform((values, ctx) => {
    const checked = schema.safeParse(toInput(values));
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) {
      // The field as a whole: a list's or an object's inner issue is said under the field.
      const first = issue.path[0];
      const field = typeof first === 'string' ? (fieldOf[first] ?? first) : first;
      ctx.addIssue({ code: 'custom', message: issue.message, path: field === undefined ? [] : [field] });
    }
    return z.NEVER;
  }) as unknown as z.ZodType<TData, TValues>;
}

/** Puts an API error's per-field messages under the form's fields of the same names; true if any. */
export function applyServerErrors<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  error: unknown,
  fields: readonly Path<T>[],
): boolean {
  if (!isApiError(error) || !error.fields) return false;
  let applied = false;
  for (const [name, message] of Object.entries(error.fields)) {
    const field = fields.find((candidate) => candidate === name);
    if (field) {
      form.setError(field, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}

/** A blank text box as null (optional fields the domain takes as null). */
export const blankToNull = (value: string): string | null => (value.trim() ? value : null);

/** A number box: empty is "no number" (NaN), which the domain reports with its own words. */
export const numberOrNaN = (value: string): number => (value.trim() === '' ? Number.NaN : Number(value));
