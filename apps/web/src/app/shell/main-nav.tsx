import { NAV_ITEMS, formatBadgeCount, type NavItem, type Role } from '@grip/domain';
import {
  CircleCheck,
  Clock,
  House,
  Inbox,
  ListChecks,
  MessageSquare,
  Send,
  Settings,
  ShieldCheck,
  type LucideIcon,
} from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { CountBadge } from '@/components/ui/badge';
import { useBadgeCounts } from '@/features/badges/api/get-badges';
import { NAV_BADGE_WORDS, navBadgeCount } from '@/lib/nav-badges';
import { cn } from '@/lib/utils';

const ICONS: Record<NavItem['icon'], LucideIcon> = {
  home: House,
  list: ListChecks,
  message: MessageSquare,
  check: CircleCheck,
  settings: Settings,
  inbox: Inbox,
  clock: Clock,
  send: Send,
  shield: ShieldCheck,
};

function isActive(itemPath: string, pathname: string): boolean {
  if (pathname === itemPath || pathname.startsWith(`${itemPath}/`)) return true;
  // The customer home is served at / as well as /home.
  return itemPath === '/home' && pathname === '/';
}

/**
 * The role's destinations (spec 1 §2): a bottom bar on phones, a left rail from 1024 px.
 * One element for both, so there is one "Main navigation" landmark.
 */
export function MainNav({ role }: { role: Role }) {
  const { pathname } = useLocation();
  const counts = useBadgeCounts();
  const items = NAV_ITEMS[role];

  return (
    <nav
      aria-label="Main navigation"
      className={cn(
        'fixed inset-x-0 bottom-0 z-40 border-t border-border bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur',
        'lg:top-14 lg:right-auto lg:bottom-0 lg:w-60 lg:border-t-0 lg:border-r lg:bg-background lg:pb-0',
      )}
    >
      <ul className="mx-auto flex max-w-xl justify-around lg:mx-0 lg:grid lg:max-w-none lg:justify-normal lg:gap-1 lg:p-3">
        {items.map((item) => {
          const Icon = ICONS[item.icon];
          const active = isActive(item.path, pathname);
          const count = navBadgeCount(item.badge, counts);
          const slug = item.path.replace(/^\//, '');
          return (
            <li key={item.path} className="flex-1 lg:flex-none">
              <Link
                to={item.path}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex h-16 flex-col items-center justify-center gap-1 px-1 text-xs font-medium text-muted-foreground transition-colors',
                  'hover:text-foreground lg:h-11 lg:flex-row lg:justify-start lg:gap-3 lg:rounded-md lg:px-3 lg:text-sm',
                  'lg:hover:bg-muted',
                  active && 'text-primary lg:bg-accent lg:text-accent-foreground',
                )}
              >
                {/* On the rail the icon wrapper dissolves so the badge can sit at the end of the row. */}
                <span className="relative lg:contents">
                  <Icon aria-hidden="true" className="size-6" strokeWidth={active ? 2.4 : 2} />
                  <CountBadge
                    count={count}
                    aria-hidden="true"
                    data-testid={`nav-badge-${slug}`}
                    className="absolute -top-1.5 -right-2.5 ring-2 ring-background lg:static lg:order-last lg:ml-auto lg:ring-0"
                  />
                </span>
                <span className="max-w-full truncate">{item.label}</span>
                {item.badge !== 'none' && formatBadgeCount(count) !== null ? (
                  <>
                    {' '}
                    <span className="sr-only">{`(${count} ${NAV_BADGE_WORDS[item.badge]})`}</span>
                  </>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
