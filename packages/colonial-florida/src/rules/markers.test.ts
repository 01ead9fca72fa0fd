import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MARKER_NAMES, type MarkerName } from '../state.js';
import { markerSpace, setMarkerSpace } from './markers.js';

describe('markerSpace and setMarkerSpace', () => {
  it('read and write the named marker as a keyed access does, and no other', () => {
    const space = fc.integer({ min: 1, max: 36 });
    fc.assert(
      fc.property(
        fc.record({ hurricane: space, pirate: space, raid: space, disease: space }),
        fc.constantFrom(...MARKER_NAMES),
        space,
        (markers: Record<MarkerName, number>, name, to) => {
          for (const m of MARKER_NAMES) expect(markerSpace(markers, m)).toBe(markers[m]);
          const plain = { ...markers, [name]: to };
          setMarkerSpace(markers, name, to);
          expect(markers).toEqual(plain);
        },
      ),
      { numRuns: 200, seed: Number(process.env.FC_SEED ?? 42) },
    );
  });
});
