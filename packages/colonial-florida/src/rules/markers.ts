import type { MarkerName } from '../state.js';

/** The four markers' spaces, as the state keeps them. */
type Markers = Record<MarkerName, number>;

/**
 * The space a marker stands on. Read by name (a `switch` on the few names): a read keyed by
 * a string that is only known at run time is several times slower in V8, and every board
 * phase reads a marker.
 */
export function markerSpace(markers: Readonly<Markers>, marker: MarkerName): number {
  switch (marker) {
    case 'hurricane':
      return markers.hurricane;
    case 'pirate':
      return markers.pirate;
    case 'raid':
      return markers.raid;
    case 'disease':
      return markers.disease;
  }
}

/** Puts a marker on a space (written by name, see {@link markerSpace}). */
export function setMarkerSpace(markers: Markers, marker: MarkerName, space: number): void {
  switch (marker) {
    case 'hurricane':
      markers.hurricane = space;
      return;
    case 'pirate':
      markers.pirate = space;
      return;
    case 'raid':
      markers.raid = space;
      return;
    case 'disease':
      markers.disease = space;
      return;
  }
}
