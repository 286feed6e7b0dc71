import { useCategoryGroups } from '@/features/catalogue/api/get-service-categories';

const MAX_SERVICES_SHOWN = 3;
const MAX_SERVICE_NAME = 20;

function shorten(name: string): string {
  return name.length > MAX_SERVICE_NAME ? `${name.slice(0, MAX_SERVICE_NAME - 1)}…` : name;
}

/** The categories mode: one card per category with up to three of its services (spec 2 §9). */
export function CategoryGrid({ onPick }: { onPick: (category: string) => void }) {
  const groups = useCategoryGroups();
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Service categories">
      {groups.map((g) => (
        <li key={g.category}>
          <button
            type="button"
            onClick={() => onPick(g.category)}
            className="grid h-full w-full content-start gap-1 rounded-lg border border-border bg-background p-4 text-left transition-colors hover:border-primary hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
          >
            <span className="font-semibold">{g.category}</span>
            <span className="text-xs text-muted-foreground">
              {g.services.slice(0, MAX_SERVICES_SHOWN).map(shorten).join(' · ')}
              {g.services.length > MAX_SERVICES_SHOWN ? ' …' : ''}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
