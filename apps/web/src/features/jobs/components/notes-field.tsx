import { COMPLETION_NOTES_MAX_LENGTH } from '@grip/domain';
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

interface NotesFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Helper text under the field, read with it. */
  hint?: string;
  disabled?: boolean;
}

/** Notes with the spec's 1000-character limit and a live counter, announced politely. */
export function NotesField({ label, value, onChange, placeholder, hint, disabled }: NotesFieldProps) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        value={value}
        maxLength={COMPLETION_NOTES_MAX_LENGTH}
        rows={4}
        placeholder={placeholder}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint ${id}-count` : `${id}-count`}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      <div className="flex items-start justify-between gap-3">
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        ) : null}
        <p
          id={`${id}-count`}
          className="tabular ml-auto text-right text-xs text-muted-foreground"
          aria-live="polite"
        >
          {value.length}/{COMPLETION_NOTES_MAX_LENGTH}
        </p>
      </div>
    </div>
  );
}
