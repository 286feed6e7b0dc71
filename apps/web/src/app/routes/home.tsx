import { PAGE_TITLES, TAGLINE } from '@grip/domain';
import { CircleCheck, ListChecks, MessageSquare, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Page } from '@/components/layout/page';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCurrentUser } from '@/features/auth/api/use-current-user';

const SHORTCUTS = [
  { to: '/requests', label: 'My Requests', description: 'Track what you have asked for', icon: ListChecks },
  {
    to: '/messages',
    label: 'Messages',
    description: 'Talk to the businesses you booked',
    icon: MessageSquare,
  },
  { to: '/confirmed', label: 'Confirmed', description: 'Your upcoming bookings', icon: CircleCheck },
] as const;

/** The customer home (/home, and / when signed in). */
export default function HomePage() {
  const me = useCurrentUser();
  const firstName = (me.profile.displayName || me.user.name).split(/\s+/)[0];
  const isAdministrator = me.profile.role === 'administrator';

  return (
    <Page title={PAGE_TITLES['/home'] ?? 'Home'} subtitle={TAGLINE}>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-lg">
            <Sparkles aria-hidden="true" className="size-5 text-primary" />
            {firstName ? `Hi ${firstName}, what do you need done?` : 'What do you need done?'}
          </CardTitle>
          <CardDescription>
            {isAdministrator
              ? 'Business search for administrators is on its way. Use the Admin tab for the platform tools as they arrive.'
              : 'Asking for a service, with the assistant or a quick form, is on its way. When it arrives your requests, offers and bookings will show up in the tabs below.'}
          </CardDescription>
        </CardHeader>
      </Card>
      {isAdministrator ? null : (
        <nav aria-label="Shortcuts" className="grid gap-3 sm:grid-cols-3">
          {SHORTCUTS.map(({ to, label, description, icon: Icon }) => (
            <Link
              key={to}
              to={to}
              className="flex items-center gap-3 rounded-lg border border-border bg-background p-4 transition-colors hover:bg-muted"
            >
              <Icon aria-hidden="true" className="size-5 shrink-0 text-primary" />
              <span className="grid">
                <span className="text-sm font-semibold">{label}</span>
                <span className="text-xs text-muted-foreground">{description}</span>
              </span>
            </Link>
          ))}
        </nav>
      )}
    </Page>
  );
}
