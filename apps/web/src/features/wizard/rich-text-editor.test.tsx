import { adMessages, sayIn } from '@adboard/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import RichTextEditor from './rich-text-editor';

function setup(initialHtml = '') {
  const onChange = vi.fn<(html: string, length: number) => void>();
  const onBlur = vi.fn<(html: string) => void>();
  const user = userEvent.setup();
  render(
    <>
      <RichTextEditor
        label="Description"
        initialHtml={initialHtml}
        onChange={onChange}
        onBlur={onBlur}
        describedBy="hint-id"
      />
      <input aria-label="Next field" />
    </>,
  );
  return { onChange, onBlur, user, area: screen.getByRole('textbox', { name: 'Description' }) };
}

describe('description editor', () => {
  it('names its editable area and offers the formatting tools', () => {
    setup('<p>Hello</p>');
    const area = screen.getByRole('textbox', { name: 'Description' });
    expect(area.getAttribute('contenteditable')).toBe('true');
    expect(area.getAttribute('aria-multiline')).toBe('true');
    expect(area.getAttribute('aria-describedby')).toBe('hint-id');
    expect(area.textContent).toBe('Hello');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    for (const name of ['Bold', 'Italic', 'Bullet list', 'Numbered list', 'Link']) {
      expect(toolbar.contains(screen.getByRole('button', { name }))).toBe(true);
    }
  });

  it('reports HTML and its text length while typing, and a blur when focus leaves', async () => {
    const { onChange, onBlur, user, area } = setup();
    await user.click(area);
    await user.type(area, 'Hello there');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p>Hello there</p>', 11));
    await user.click(screen.getByRole('button', { name: 'Italic' }));
    expect(onBlur).not.toHaveBeenCalled();
    await user.click(screen.getByLabelText('Next field'));
    expect(onBlur).toHaveBeenCalledOnce();
    expect(onBlur.mock.calls[0]?.[0]).toContain('Hello there');
  });

  it('turns a list on from the toolbar', async () => {
    const { onChange, user, area } = setup('<p>One</p>');
    await user.click(area);
    await user.click(screen.getByRole('button', { name: 'Bullet list' }));
    await waitFor(() =>
      expect(onChange.mock.calls.at(-1)?.[0]).toMatch(/^<ul><li>.*One.*<\/li><\/ul>$/),
    );
    expect(screen.getByRole('button', { name: 'Bullet list' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('refuses a link to a private or malformed address', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Link' }));
    const address = screen.getByLabelText('Link address');
    await user.clear(address);
    await user.type(address, 'http://192.168.0.1/');
    await user.click(screen.getByRole('button', { name: 'Add link' }));
    expect(screen.getByText(sayIn('en', adMessages.form.url))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Link address')).toBeNull();
  });

  it('inserts a link at the cursor', async () => {
    const { onChange, user, area } = setup();
    await user.click(area);
    await user.click(screen.getByRole('button', { name: 'Link' }));
    const address = screen.getByLabelText('Link address');
    await user.clear(address);
    await user.type(address, 'https://my-site.example.com/');
    await user.click(screen.getByRole('button', { name: 'Add link' }));
    await waitFor(() =>
      expect(onChange.mock.calls.at(-1)?.[0]).toContain('href="https://my-site.example.com/"'),
    );
    expect(onChange.mock.calls.at(-1)?.[0]).toContain('rel="noopener noreferrer nofollow"');
  });
});
