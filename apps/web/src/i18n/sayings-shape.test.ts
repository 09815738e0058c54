import { catalogueAreas, isSaid, sayingsOf, type Said } from '@adboard/shared';
import { describe, expect, it } from 'vitest';
import { englishShape } from '../../catalogue-plugin';

/** Named texts as plain data: a text with placeholders as the `Said` it makes of some values. */
function asData(sayings: unknown): unknown {
  if (typeof sayings === 'function') return (sayings as (values: object) => Said)({ n: 1 });
  if (isSaid(sayings)) return sayings;
  return Object.fromEntries(
    Object.entries(sayings as Record<string, unknown>).map(([key, value]) => [key, asData(value)]),
  );
}

/** The texts of a shape. */
function leaves(shape: unknown): unknown[] {
  if (typeof shape !== 'object' || shape === null) return [shape];
  return Object.values(shape).flatMap(leaves);
}

describe('the named texts of the build (sayingsShapePlugin, catalogue-plugin.ts)', () => {
  it('are the same from an area’s shape as from its English module, in every area', () => {
    for (const [name, area] of Object.entries(catalogueAreas)) {
      const shape = englishShape(area.en);
      // No words of the area in it: every text is '' or '{value}'.
      expect(
        leaves(shape).filter((text) => text !== '' && text !== '{value}'),
        name,
      ).toEqual([]);
      expect(asData(sayingsOf(name, shape as typeof area.en)), name).toEqual(
        asData(sayingsOf(name, area.en)),
      );
    }
  });
});
