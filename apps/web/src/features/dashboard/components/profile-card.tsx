import { ratingSummary, REVIEW_MESSAGES, type BusinessProfile } from '@grip/domain';
import { Globe, Mail, MapPin, Phone, Star } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/** Five stars filled to the rounded average; the words carry the meaning for screen readers. */
function Stars({ average }: { average: number }) {
  const filled = Math.round(average);
  return (
    <span className="flex" aria-hidden="true">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          className={cn('size-4', n <= filled ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground')}
        />
      ))}
    </span>
  );
}

/** The business card of the dashboard: real rating from reviews (not the original's fixed 4.5/127). */
export function ProfileCard({ profile }: { profile: BusinessProfile }) {
  const { average, count } = profile.rating;
  const contacts = [
    { icon: Phone, label: 'Phone', value: profile.phone },
    { icon: Mail, label: 'Notification email', value: profile.notificationEmail },
    { icon: MapPin, label: 'Address', value: profile.address },
    { icon: Globe, label: 'Website', value: profile.website },
  ].filter((c) => c.value);
  return (
    <Card aria-labelledby="profile-card-title" role="region">
      <CardHeader>
        <CardTitle id="profile-card-title">{profile.businessName || 'Your business'}</CardTitle>
        {average !== null && count > 0 ? (
          <p className="flex items-center gap-2 text-sm">
            <Stars average={average} />
            <span>{ratingSummary(average, count)}</span>
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">{REVIEW_MESSAGES.noReviewsYet}</p>
        )}
      </CardHeader>
      <CardContent className="grid gap-3">
        {contacts.length > 0 ? (
          <dl className="grid gap-1 text-sm text-muted-foreground sm:grid-cols-2">
            {contacts.map(({ icon: Icon, label, value }) => (
              <div key={label} className="flex min-w-0 items-center gap-2">
                <dt className="sr-only">{label}</dt>
                <Icon aria-hidden="true" className="size-4 shrink-0" />
                <dd className="truncate">{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {profile.serviceCategories.length > 0 ? (
          <ul aria-label="Service categories" className="flex flex-wrap gap-2">
            {profile.serviceCategories.map((category) => (
              <li key={category}>
                <Badge tone="info">{category}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
