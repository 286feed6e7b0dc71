import { TWO_FACTOR_MESSAGES } from '@grip/domain';
import { Copy } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';

/** The backup codes, shown once right after two-factor is turned on, with a Copy button. */
export function BackupCodes({ codes }: { codes: readonly string[] }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success(TWO_FACTOR_MESSAGES.backupCodesCopied);
    } catch {
      // No clipboard (an insecure origin, or permission refused): the codes stay on screen.
      toast.error(TWO_FACTOR_MESSAGES.copyFailed);
    }
  };

  return (
    <div className="grid gap-3">
      <p className="text-sm">{TWO_FACTOR_MESSAGES.backupCodesAdvice}</p>
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg border border-border bg-muted p-3 font-mono text-sm tabular-nums select-all"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button
        // Shown in place of the form that was just sent: the next thing to do is keep these.
        autoFocus
        variant="outline"
        className="justify-self-start"
        onClick={() => void copy()}
      >
        <Copy aria-hidden="true" className="size-4" />
        Copy backup codes
      </Button>
    </div>
  );
}
