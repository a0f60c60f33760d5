import { useId, useRef } from 'react';
import { Button } from 'react-bootstrap';
import { uz } from '../../lib/uz';
import './filePicker.css';

interface FilePickerProps {
  /** The file input's id: the field's label (`<Form.Label>` of the group's controlId) names the input. */
  id: string;
  /** What is being chosen ('Logotip', 'Rasmlar'): the button says it to a screen reader. */
  label: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  /** The names of the files chosen last (from the upload's machine); none shows nothing. */
  chosen: readonly string[];
  onPick: (files: File[]) => void;
}

/**
 * A picture picker that speaks Uzbek: the browser's file control writes "Choose Files / No file chosen" in the
 * browser's language and cannot be restyled. The real input stays (a form, a test or a drop onto its label still
 * reach it) but out of sight and out of the tab order; an ordinary button opens it, by mouse, finger or keyboard, and
 * the chosen files' names are written beside it.
 */
export function FilePicker({ id, label, accept, multiple = false, disabled = false, chosen, onPick }: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const namesId = useId();
  return (
    <div className="file-picker">
      <input
        ref={input}
        id={id}
        type="file"
        className="visually-hidden"
        tabIndex={-1}
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          if (files.length > 0) onPick(files);
          // Cleared, so choosing the same file again (after a failure) is a new choice.
          event.target.value = '';
        }}
      />
      <Button
        variant="outline-secondary"
        disabled={disabled}
        aria-label={`${uz.chooseImage}: ${label}`}
        aria-describedby={chosen.length > 0 ? namesId : undefined}
        onClick={() => input.current?.click()}
      >
        {uz.chooseImage}
      </Button>
      {chosen.length > 0 && (
        <span id={namesId} className="file-picker-names small text-secondary">
          {uz.chosenFiles(chosen)}
        </span>
      )}
    </div>
  );
}
