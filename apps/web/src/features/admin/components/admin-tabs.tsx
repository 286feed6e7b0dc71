import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { BusinessDirectory } from './business-directory';
import { RequestAudit } from './request-audit';

/**
 * The dashboard's two tabs (spec 3 Admin dashboard): Business Directory and Request Audit. A tab's
 * content mounts only while it is shown, so the audit is fetched when an administrator opens it.
 */
export function AdminTabs() {
  return (
    <Tabs defaultValue="directory" className="grid gap-4">
      <TabsList>
        <TabsTrigger value="directory">Business Directory</TabsTrigger>
        <TabsTrigger value="audit">Request Audit</TabsTrigger>
      </TabsList>
      <TabsContent value="directory">
        <BusinessDirectory />
      </TabsContent>
      <TabsContent value="audit">
        <RequestAudit />
      </TabsContent>
    </Tabs>
  );
}
