import { ADMIN_EXPORT_MESSAGES, type AdminExportKind } from '@grip/domain';
import { Download } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { isApiError } from '@/lib/api-client';
import { useDownloadExport } from '../api/exports';

const CARDS: Record<AdminExportKind, { title: string; description: string; empty: string; failed: string }> =
  {
    businesses: {
      title: 'Export Businesses',
      description:
        'Every business profile as a CSV file, with account and notification emails, in the bulk upload’s columns.',
      empty: ADMIN_EXPORT_MESSAGES.noBusinesses,
      failed: ADMIN_EXPORT_MESSAGES.businessesFailed,
    },
    users: {
      title: 'Export Users',
      description: 'Every account as a CSV file: name, email, role, verification and sign-up date.',
      empty: ADMIN_EXPORT_MESSAGES.noUsers,
      failed: ADMIN_EXPORT_MESSAGES.usersFailed,
    },
  };

function ExportCard({ kind }: { kind: AdminExportKind }) {
  const card = CARDS[kind];
  const download = useDownloadExport(kind);

  const start = () => {
    download.mutate(undefined, {
      onError: (error) => {
        if (isApiError(error) && error.status === 404) toast.info(card.empty);
        else toast.error(card.failed, { duration: 8000 });
      },
    });
  };

  return (
    <Card className="flex flex-col">
      <CardHeader>
        <CardTitle>{card.title}</CardTitle>
        <CardDescription>{card.description}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto">
        <Button variant="outline" className="w-full sm:w-auto" isLoading={download.isPending} onClick={start}>
          {download.isPending ? null : <Download aria-hidden="true" className="size-4" />}
          {card.title}
        </Button>
      </CardContent>
    </Card>
  );
}

/** Export Businesses and Export Users (spec 3 Admin dashboard): CSV downloads, administrators only. */
export function ExportCards() {
  return (
    <>
      <ExportCard kind="businesses" />
      <ExportCard kind="users" />
    </>
  );
}
