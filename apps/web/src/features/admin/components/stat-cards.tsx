import { ADMIN_OVERVIEW_MESSAGES, formatNumber, formatOneDecimal, type AdminStats } from '@grip/domain';
import { Briefcase, ClipboardList, MessageSquareQuote, Users, type LucideIcon } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminStats } from '../api/overview';

interface StatCard {
  label: string;
  value: (stats: AdminStats) => string;
  hint: string;
  icon: LucideIcon;
}

const numberFormat = { format: (n: number) => formatNumber(n) };

/**
 * The spec's four cards. Its "Avg Requests/Business" is active responses divided by businesses, so it
 * is labelled for what it measures.
 */
const CARDS: StatCard[] = [
  {
    label: 'Total Users',
    value: (s) => numberFormat.format(s.totalUsers),
    hint: 'Every account: customers, businesses and administrators.',
    icon: Users,
  },
  {
    label: 'Registered Businesses',
    value: (s) => numberFormat.format(s.registeredBusinesses),
    hint: 'Accounts with the business owner role.',
    icon: Briefcase,
  },
  {
    label: 'Active Requests',
    value: (s) => numberFormat.format(s.activeRequests),
    hint: 'Open requests that are not archived.',
    icon: ClipboardList,
  },
  {
    label: 'Active offers per business',
    value: (s) => formatOneDecimal(s.activeOffersPerBusiness),
    hint: 'Pending and accepted offers on unarchived requests, divided by businesses.',
    icon: MessageSquareQuote,
  },
];

/** Platform statistics for the administrator dashboard (spec 3 Admin dashboard, stat cards). */
export function StatCards() {
  const stats = useAdminStats();

  if (stats.isPending) {
    return (
      <div role="status" className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 lg:grid-cols-4">
        <span className="sr-only">Loading platform statistics</span>
        {CARDS.map((card) => (
          <Card key={card.label} className="grid gap-2 p-4">
            <Skeleton className="h-4 w-3/5" />
            <Skeleton className="h-7 w-1/3" />
            <Skeleton className="h-3 w-4/5" />
          </Card>
        ))}
      </div>
    );
  }

  if (stats.isError) {
    return (
      <Alert tone="danger" role="alert" className="flex-col items-start">
        <p>{ADMIN_OVERVIEW_MESSAGES.statsLoadFailed}</p>
        <Button variant="outline" size="sm" onClick={() => void stats.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  return (
    <ul
      aria-label="Platform statistics"
      className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 lg:grid-cols-4"
    >
      {CARDS.map((card) => {
        const Icon = card.icon;
        return (
          <li key={card.label}>
            <Card className="grid h-full gap-1 p-4">
              <div className="flex items-start justify-between gap-2">
                <h3 className="text-sm font-medium text-muted-foreground">{card.label}</h3>
                <Icon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
              </div>
              <p className="text-2xl font-semibold tabular-nums">{card.value(stats.data)}</p>
              <p className="text-xs text-muted-foreground">{card.hint}</p>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
