import { canSendMessage, isSendKey, MESSAGE_MAX_ATTACHMENTS, MESSAGE_MAX_LENGTH } from '@grip/domain';
import { ImagePlus, SendHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ImagePicker } from '@/features/uploads/components/image-picker';
import { useImageUploads } from '@/features/uploads/hooks/use-image-uploads';
import type { MessageDraft } from '../hooks/use-send-message';

interface MessageComposerProps {
  /** Sends the draft; `onFailed` gets it back when the send fails, to put it back in the box. */
  onSend: (draft: MessageDraft, onFailed: (draft: MessageDraft) => void) => void;
  isSending: boolean;
}

/**
 * The send box (spec 1 §5): Enter sends, Shift+Enter adds a line; text is trimmed and a blank message
 * is not sent; Send is disabled while blank or sending. The box empties at once (the message shows
 * as 'Sending…'); a failed message comes back into the box, so nothing typed is lost.
 */
export function MessageComposer({ onSend, isSending }: MessageComposerProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [showImages, setShowImages] = useState(false);
  const uploads = useImageUploads({ purpose: 'message_attachment', maxFiles: MESSAGE_MAX_ATTACHMENTS });
  // Images still uploading (or failed) would be dropped silently, so they hold the send back.
  const imagesReady = !uploads.isUploading && !uploads.hasErrors;
  const canSend = canSendMessage(text, uploads.urls.length, isSending) && imagesReady;
  const imagesOpen = showImages || uploads.items.length > 0;

  const submit = () => {
    if (!canSend) return;
    const draft: MessageDraft = { message: text.trim(), attachments: uploads.urls };
    setText('');
    uploads.reset();
    setShowImages(false);
    onSend(draft, (failed) => {
      setText((current) => (current.trim() ? `${failed.message}\n${current}` : failed.message));
      if (failed.attachments.length > 0) {
        uploads.reset(failed.attachments);
        setShowImages(true);
      }
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isSendKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing }))
      return;
    event.preventDefault();
    submit();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-2 border-t border-border p-3">
      {imagesOpen ? (
        <div id={`${id}-images`}>
          <ImagePicker uploads={uploads} label="Images" />
        </div>
      ) : null}
      <Label htmlFor={`${id}-message`} className="sr-only">
        Message
      </Label>
      <div className="flex items-end gap-2">
        <Button
          variant="ghost"
          size="icon"
          aria-label={imagesOpen ? 'Hide images' : 'Attach images'}
          aria-expanded={imagesOpen}
          aria-controls={imagesOpen ? `${id}-images` : undefined}
          disabled={uploads.items.length > 0}
          onClick={() => setShowImages((open) => !open)}
        >
          <ImagePlus aria-hidden="true" className="size-5" />
        </Button>
        <Textarea
          id={`${id}-message`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder="Write a message…"
          aria-describedby={`${id}-hint`}
          className="field-sizing-content max-h-40 min-h-10 resize-none"
        />
        <Button type="submit" disabled={!canSend} aria-busy={isSending || undefined}>
          <SendHorizontal aria-hidden="true" className="size-4" />
          Send
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Enter to send, Shift+Enter for a new line
      </p>
    </form>
  );
}
