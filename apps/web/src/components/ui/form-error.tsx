/** A form's own error (a failed submit no field claims), announced when it appears. */
export function FormError({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className="text-sm font-medium text-destructive">
      {message}
    </p>
  ) : null;
}
