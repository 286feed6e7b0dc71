import { CALENDAR_MESSAGES as M } from '@grip/domain';
import { Copy } from 'lucide-react';
import { useId } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/**
 * The feed URL right after it was made: the server keeps only its hash, so this is the one time it
 * can be shown — read-only, selected on focus, with a Copy button.
 */
export function FeedLink({ url }: { url: string }) {
  const id = useId();
  const copy = async () => {
    try {
      // Missing outside a secure context (plain http): the person copies it from the field instead.
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      toast.success(M.copied);
    } catch {
      toast.error(M.copyFailed);
    }
  };
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{M.urlLabel}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={url}
          aria-describedby={`${id}-once`}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-xs sm:text-xs"
        />
        <Button variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" />
          {M.copy}
        </Button>
      </div>
      <p id={`${id}-once`} className="text-sm text-muted-foreground">
        {M.shownOnce}
      </p>
    </div>
  );
}
