import { NOTE_BODY_MAX_LENGTH } from '@portal/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { addFiles, NoteComposer } from './note-composer';

function Harness({ onSend, initial = '' }: { onSend: (text: string) => void; initial?: string }) {
  const [text, setText] = useState(initial);
  const [files, setFiles] = useState<File[]>([]);
  return (
    <NoteComposer
      text={text}
      onText={setText}
      files={files}
      onFiles={setFiles}
      onSend={() => {
        onSend(text);
        setText('');
      }}
    />
  );
}

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('the note composer', () => {
  it('sends on Enter and breaks the line on Shift+Enter', async () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Note' });
    await userEvent.type(box, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(box).toHaveValue('First line\nsecond line');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.type(box, '{Enter}');
    expect(onSend).toHaveBeenCalledWith('First line\nsecond line');
    expect(box).toHaveValue('');
  });

  it('does not send an empty note', async () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Note' }), '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send note' })).toBeDisabled();
  });

  it('shows a counter near the limit and refuses to send past it, keeping every character', () => {
    const onSend = vi.fn();
    const { rerender } = render(<Harness onSend={onSend} initial={'a'.repeat(8_999)} />);
    expect(screen.queryByText(/\/ 10,000/)).toBeNull();
    rerender(<Harness key="near" onSend={onSend} initial={'a'.repeat(9_500)} />);
    expect(screen.getByText('9,500 / 10,000')).toBeInTheDocument();
    rerender(<Harness key="over" onSend={onSend} initial={'a'.repeat(NOTE_BODY_MAX_LENGTH + 3)} />);
    expect(screen.getByText('3 characters too long (at most 10,000)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send note' })).toBeDisabled();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Note' }), { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('a'.repeat(NOTE_BODY_MAX_LENGTH + 3));
  });

  it('takes up to 5 images or PDFs of 10 MB each, and says why it leaves one out', () => {
    const five = Array.from({ length: 5 }, (_, index) => file(`p${index}.png`, 'image/png'));
    expect(addFiles([], five)).toEqual({ files: five, error: null });
    expect(addFiles(five, [file('six.pdf', 'application/pdf')]).error).toBe('At most 5 attachments per note.');
    expect(addFiles([], [file('page.html', 'text/html')]).error).toBe('page.html is not an image or a PDF.');
    expect(addFiles([], [file('huge.pdf', 'application/pdf', 10 * 1024 * 1024 + 1)]).error).toBe('huge.pdf is larger than 10.0 MB.');
  });
});
