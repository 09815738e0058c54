import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from './lazy-screen';

const Hello = () => <h1>Hello</h1>;

describe('a screen loaded on first visit', () => {
  it('draws at once, without the fallback, once preloaded', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Hello }));
    const Screen = lazyScreen(load);
    await Screen.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen />
      </Suspense>,
    );
    // Synchronously there: no fallback was ever shown.
    expect(screen.getByRole('heading', { name: 'Hello' })).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends with the fallback when not preloaded, and loads its file once', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Hello }));
    const Screen = lazyScreen(load);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Hello' })).toBeTruthy();
    await Screen.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets a failed preload try again', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Hello }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: Hello });
    const Screen = lazyScreen(load);
    await Screen.preload();
    await Screen.preload();
    expect(load).toHaveBeenCalledTimes(2);
    render(<Screen />);
    expect(screen.getByRole('heading', { name: 'Hello' })).toBeTruthy();
  });
});
