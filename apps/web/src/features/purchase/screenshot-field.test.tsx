import { ATTACHMENT_MAX_BYTES, MESSAGES } from '@pasado/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { recordAlerts } from '../../testing/alerts.ts';
import { ScreenshotField } from './screenshot-field.tsx';

/** The field as the purchase form holds it: the chosen file is the form's state. */
function Field() {
  const [file, setFile] = useState<File | null>(null);
  return <ScreenshotField file={file} onChange={setFile} disabled={false} />;
}

const receipt = () => new File(['png'], 'gcash receipt.png', { type: 'image/png' });
const input = () => screen.getByLabelText('Screenshot of the payment');

// docs/product.md "Purchase page": the screenshot proof follows the attachment rule.
describe('the payment screenshot field', () => {
  it('previews the chosen image with its name, and Remove takes it away', async () => {
    const user = userEvent.setup();
    render(<Field />);
    await user.upload(input(), receipt());
    expect(screen.getByRole('img', { name: 'Preview of your payment screenshot' })).toBeTruthy();
    expect(screen.getByText('gcash receipt.png')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByText('gcash receipt.png')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('refuses a file that is not an image, on the page', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<Field />);
    await user.upload(input(), new File(['hi'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.IMAGES_ONLY);
    expect(screen.queryByText('notes.txt')).toBeNull();
  });

  it('alerts that a file over 5 MB is too large, and attaches nothing', async () => {
    const alerts = recordAlerts();
    const user = userEvent.setup();
    render(<Field />);
    const big = new File([new Uint8Array(ATTACHMENT_MAX_BYTES + 1)], 'huge.png', {
      type: 'image/png',
    });
    await user.upload(input(), big);
    expect(alerts).toEqual([MESSAGES.FILE_TOO_LARGE]);
    expect(screen.queryByText('huge.png')).toBeNull();
  });
});
