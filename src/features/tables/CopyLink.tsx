import { useId } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';
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
      <InputGroup size="sm">
        {/* Several lines, as many as the link needs: one line showed "http://127.0.(" only on a phone. */}
        <Form.Control
          as="textarea"
          rows={3}
          className="copy-link-url"
          readOnly
          value={url}
          onFocus={(event) => event.target.select()}
        />
        <Button variant="outline-secondary" onClick={() => void copy()} aria-label={`${uzOrdering.copyLink}: ${label}`}>
          {uzOrdering.copyLink}
        </Button>
      </InputGroup>
    </Form.Group>
  );
}
