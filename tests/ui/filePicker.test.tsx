import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FilePicker } from '../../src/components/FilePicker';

/**
 * The picture picker speaks Uzbek (the browser's control says "Choose Files / No file chosen" in the browser's
 * language): a button a keyboard reaches, the chosen files' names beside it, and the real input kept for forms.
 */
function Field({ multiple = false }: { multiple?: boolean }) {
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <>
      <button type="button">oldingi</button>
      <label htmlFor="pick">Rasmlar</label>
      <FilePicker
        id="pick"
        label="Rasmlar"
        accept="image/png"
        multiple={multiple}
        chosen={chosen}
        onPick={(files) => setChosen(files.map((f) => f.name))}
      />
    </>
  );
}

const png = (name: string) => new File(['x'], name, { type: 'image/png' });

describe('FilePicker', () => {
  it('is an Uzbek button that the keyboard reaches and that opens the file input', async () => {
    const user = userEvent.setup();
    const { container } = render(<Field />);
    const button = screen.getByRole('button', { name: 'Rasm tanlash: Rasmlar' });
    expect(button).toHaveTextContent(/^Rasm tanlash$/);
    expect(container).not.toHaveTextContent(/Choose|No file|chosen/i);

    const input = screen.getByLabelText('Rasmlar', { selector: 'input' });
    expect(input).toHaveAttribute('type', 'file');
    const opened = vi.spyOn(input as HTMLInputElement, 'click');
    await user.click(screen.getByRole('button', { name: 'oldingi' }));
    await user.tab();
    // The hidden input is out of the tab order: the next stop is the button.
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(opened).toHaveBeenCalledTimes(1);
    await user.keyboard(' ');
    expect(opened).toHaveBeenCalledTimes(2);
  });

  it('names the chosen file, or the count and names of several, and the button says which', async () => {
    const user = userEvent.setup();
    render(<Field multiple />);
    const input = screen.getByLabelText('Rasmlar', { selector: 'input' });
    await user.upload(input, png('osh.png'));
    expect(screen.getByText('osh.png')).toBeVisible();
    await user.upload(input, [png('manti.png'), png('somsa-juda-uzun-nomli-rasm-IMG_20261127_123456.png')]);
    const names = screen.getByText('2 ta fayl: manti.png, somsa-juda-uzun-nomli-rasm-IMG_20261127_123456.png');
    expect(names).toBeVisible();
    expect(screen.queryByText('osh.png')).toBeNull();
    expect(screen.getByRole('button', { name: 'Rasm tanlash: Rasmlar' })).toHaveAccessibleDescription(
      names.textContent ?? '',
    );
  });
});
