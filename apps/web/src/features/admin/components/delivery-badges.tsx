import {
  DELIVERY_CHANNEL_LABELS,
  DELIVERY_STATUS_LABELS,
  DELIVERY_STATUS_TONES,
  type DeliveryChannel,
  type DeliveryStatus,
} from '@grip/domain';
import { Bell, Mail, MessageSquare, type LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

const CHANNEL_ICONS: Record<DeliveryChannel, LucideIcon> = {
  email: Mail,
  sms: MessageSquare,
  push: Bell,
};

export function ChannelBadge({ channel }: { channel: DeliveryChannel }) {
  const Icon = CHANNEL_ICONS[channel];
  return (
    <Badge tone="info" className="gap-1" data-testid="delivery-channel">
      <Icon aria-hidden="true" className="size-3.5" />
      {DELIVERY_CHANNEL_LABELS[channel]}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: DeliveryStatus }) {
  return (
    <Badge tone={DELIVERY_STATUS_TONES[status]} className="whitespace-nowrap" data-testid="delivery-status">
      {DELIVERY_STATUS_LABELS[status]}
    </Badge>
  );
}
