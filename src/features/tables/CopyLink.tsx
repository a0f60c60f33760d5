import { useId } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';
import { uzOrdering } from '../../../lib/uz-ordering';
import { useNotify } from '../../components/Toasts';

/**
 * A link shown in a read-only field (selectable by hand) with a button that copies it. The clipboard is the
 * browser's, not the API's: no machine call. Without clipboard access (an http page, a refusal) the toast says to
 * copy it by hand.
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
        <Form.Control readOnly value={url} onFocus={(event) => event.target.select()} />
        <Button variant="outline-secondary" onClick={() => void copy()} aria-label={`${uzOrdering.copyLink}: ${label}`}>
          {uzOrdering.copyLink}
        </Button>
      </InputGroup>
    </Form.Group>
  );
}
