import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PhotoUploader } from './photo-uploader';

afterEach(() => vi.unstubAllGlobals());

/** A photo of `megabytes` as the browser would hand it over: only its size matters here. */
function photoOf(name: string, megabytes: number) {
  const file = new File(['x'], name, { type: 'image/jpeg' });
  Object.defineProperty(file, 'size', { value: megabytes * 1024 * 1024 });
  return file;
}

describe('choosing photos in the console', () => {
  it('does not send a photo larger than the server takes, says why, and offers no retry', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
    render(<PhotoUploader albumId={1} onUploaded={() => undefined} />);
    await userEvent.upload(screen.getByLabelText('Photos to upload'), photoOf('Drone shot.jpg', 48));
    expect(await screen.findByText('Drone shot.jpg is larger than 20.0 MB: choose a smaller file.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry Drone shot.jpg' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dismiss Drone shot.jpg' })).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
  });
});
