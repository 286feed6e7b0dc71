import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { useCategoryGroups } from '@/features/catalogue/api/get-service-categories';
import { cn } from '@/lib/utils';

interface ServiceCategoryPickerProps {
  /** Chosen services, by service name (e.g. 'Plumbing'): what matching compares. */
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}

/** The catalogue's services grouped by category in collapsible sections (spec 3 §2). */
export function ServiceCategoryPicker({ value, onChange, error }: ServiceCategoryPickerProps) {
  const groups = useCategoryGroups();
  const ids = useId();
  const chosen = new Set(value);
  // Sections holding a chosen service start open, so what is selected is visible at once.
  const [open, setOpen] = useState<Set<string>>(
    () => new Set(groups.filter((g) => g.services.some((s) => chosen.has(s))).map((g) => g.category)),
  );
  const errorId = `${ids}-error`;
  // Services an administrator or an import set that the catalogue does not list: shown, so they can
  // be seen and removed.
  const known = new Set(groups.flatMap((g) => g.services));
  const others = groups.length > 0 ? value.filter((s) => !known.has(s)) : [];

  const toggleSection = (category: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(category)) next.delete(category);
      else next.add(category);
      return next;
    });
  const toggleService = (service: string, isChecked: boolean) =>
    onChange(isChecked ? [...value, service] : value.filter((s) => s !== service));

  return (
    <fieldset
      className="grid gap-2"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1 text-sm font-medium">Service Categories</legend>
      <p className="text-sm text-muted-foreground">
        {value.length === 0
          ? 'Choose the services you offer. You are matched to requests for these.'
          : `${value.length} selected`}
      </p>
      <ul className="grid gap-2">
        {groups.map((group, index) => {
          const isOpen = open.has(group.category);
          const count = group.services.filter((s) => chosen.has(s)).length;
          const panelId = `${ids}-panel-${index}`;
          return (
            <li key={group.category} className="rounded-lg border border-border">
              <button
                type="button"
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => toggleSection(group.category)}
                className="flex w-full items-center justify-between gap-2 rounded-lg px-3 py-2.5 text-left text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring"
              >
                <span>
                  {group.category}
                  {count > 0 ? <span className="ml-2 text-muted-foreground">({count} selected)</span> : null}
                </span>
                <ChevronDown
                  aria-hidden="true"
                  className={cn('size-4 shrink-0 transition-transform', isOpen && 'rotate-180')}
                />
              </button>
              {isOpen ? (
                <div
                  id={panelId}
                  role="group"
                  aria-label={group.category}
                  className="grid gap-1 px-3 pb-3 sm:grid-cols-2"
                >
                  {group.services.map((service) => (
                    <label key={service} className="flex min-h-9 items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="size-4 accent-primary"
                        checked={chosen.has(service)}
                        onChange={(event) => toggleService(service, event.target.checked)}
                      />
                      {service}
                    </label>
                  ))}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {others.length > 0 ? (
        <div
          role="group"
          aria-label="Other services"
          className="grid gap-1 rounded-lg border border-border p-3"
        >
          <p className="text-sm font-medium">Other services</p>
          <p className="text-xs text-muted-foreground">Not in the catalogue; untick to remove.</p>
          {others.map((service) => (
            <label key={service} className="flex min-h-9 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked
                onChange={(event) => toggleService(service, event.target.checked)}
              />
              {service}
            </label>
          ))}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
