import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { DisputeQueue } from '@/features/disputes/components/dispute-queue';
import { ReportQueue } from '@/features/moderation/components/report-queue';
import { AuditLog } from './audit-log';
import { BusinessDirectory } from './business-directory';
import { RequestAudit } from './request-audit';
import { UserManagement } from './user-management';

/**
 * The dashboard's tabs: the spec's Business Directory and Request Audit, and Users (role management)
 * and the Audit Log (account changes, decision 018), Disputes and Reports (issue 32), beyond the spec. A tab's content mounts only while it is shown, so each is fetched when opened.
 */
export function AdminTabs() {
  return (
    <Tabs defaultValue="directory" className="grid gap-4">
      <TabsList>
        <TabsTrigger value="directory">Business Directory</TabsTrigger>
        <TabsTrigger value="audit">Request Audit</TabsTrigger>
        <TabsTrigger value="users">Users</TabsTrigger>
        <TabsTrigger value="audit-log">Audit Log</TabsTrigger>
        <TabsTrigger value="disputes">Disputes</TabsTrigger>
        <TabsTrigger value="reports">Reports</TabsTrigger>
      </TabsList>
      <TabsContent value="directory">
        <BusinessDirectory />
      </TabsContent>
      <TabsContent value="audit">
        <RequestAudit />
      </TabsContent>
      <TabsContent value="users">
        <UserManagement />
      </TabsContent>
      <TabsContent value="audit-log">
        <AuditLog />
      </TabsContent>
      <TabsContent value="disputes">
        <DisputeQueue />
      </TabsContent>
      <TabsContent value="reports">
        <ReportQueue />
      </TabsContent>
    </Tabs>
  );
}
