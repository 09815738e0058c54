import { languages } from '@adboard/shared';
import { describe, expect, it } from 'vitest';
import { allTextAreas, areasNamed, frameText } from './areas';
import { loadArea, readArea } from './text-store';

describe('the app’s texts, a file per area and language', () => {
  it('suspends a render until an area’s file is there, then reads it at once', async () => {
    // Only English is loaded before a test (test/setup.ts): Spanish is not there yet.
    let thrown: unknown;
    try {
      readArea(frameText, 'es');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Promise);
    await thrown;
    expect(readArea(frameText, 'es').postNewAd).toBe('Publicar un anuncio');
    expect(readArea(frameText, 'en').postNewAd).toBe('Post New Ad');
  });

  it('has every area the app reads in every language', async () => {
    for (const language of languages) {
      const loaded = await Promise.all(
        areasNamed(allTextAreas).map((area) => loadArea(area, language)),
      );
      expect(loaded).toHaveLength(allTextAreas.length);
      expect(readArea(frameText, language).frame.skipToContent).toBeTruthy();
    }
  });
});
