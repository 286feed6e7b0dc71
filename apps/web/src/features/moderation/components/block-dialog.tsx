import { BLOCK_CONSEQUENCES, blockTitle, MODERATION_MESSAGES } from '@grip/domain';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useBlockAccount } from '../api/blocks-api';

interface BlockDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: string;
  name: string;
}

/** Block's confirmation (issue 32): what blocking does, before it is done. */
export function BlockDialog({ open, onOpenChange, userId, name }: BlockDialogProps) {
  const block = useBlockAccount();
  const confirm = () => block.mutate(userId, { onSuccess: () => onOpenChange(false) });
  return (
    <Dialog open={open} onOpenChange={(next) => !block.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{blockTitle(name)}</DialogTitle>
          <DialogDescription>{MODERATION_MESSAGES.blockDescription}</DialogDescription>
        </DialogHeader>
        <ul className="grid list-disc gap-1 pl-5 text-sm" data-testid="block-consequences">
          {BLOCK_CONSEQUENCES.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <DialogFooter>
          <Button variant="outline" disabled={block.isPending} onClick={() => onOpenChange(false)}>
            {MODERATION_MESSAGES.blockKeep}
          </Button>
          <Button variant="destructive" isLoading={block.isPending} onClick={confirm}>
            {MODERATION_MESSAGES.blockConfirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
