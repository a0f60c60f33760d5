import './copyLink.css';
import { useId } from 'react';
import { Button, Form } from 'react-bootstrap';
import { uzOrdering } from '../../../lib/uz-ordering';
import { useNotify } from '../../components/Toasts';

/**
 * A link shown whole in a read-only field (selectable by hand, wrapped over several lines) with a button that copies
 * it. The clipboard is the browser's, not the API's: no machine call. Without clipboard access (an http page, a
 * refusal) the toast says to copy it by hand.
 */
export function CopyLink({ label, url }: { label: string; url: string }) {
  const id = useId();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify({ kind: 'success', text: uzOrdering.linkCopied });
    } catch {
      notify({ kind: 'error', text: uzOrdering.copyFailed });
    }
  };
  return (
    <Form.Group controlId={id} className="mb-2">
      <Form.Label className="small text-secondary mb-1">{label}</Form.Label>
      {/* The whole link, over as many lines as it needs (one line showed "http://127.0.(" only on a phone); the
          button under it, so the link has the card's width. */}
      <Form.Control
        as="textarea"
        size="sm"
        rows={3}
        className="copy-link-url"
        readOnly
        value={url}
        onFocus={(event) => event.target.select()}
      />
      <Button
        size="sm"
        variant="outline-secondary"
        className="mt-1"
        onClick={() => void copy()}
        aria-label={`${uzOrdering.copyLink}: ${label}`}
      >
        {uzOrdering.copyLink}
      </Button>
    </Form.Group>
  );
}
