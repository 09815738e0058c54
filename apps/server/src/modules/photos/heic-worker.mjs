// Decodes one HEIC (HEVC in a HEIF container) to RGBA pixels with libheif-js
// (libheif built to WebAssembly, LGPL-3.0, used unmodified as an npm dependency),
// in a worker thread of its own: the decode takes the CPU for a while and its
// WebAssembly memory is given back when the worker ends. Plain JavaScript so that
// the same file runs under the tests and beside the server's bundle (build.mjs).
// The picture's size is read from its header and checked before any pixel is
// allocated. libheif applies the container's rotation and mirroring; metadata
// (Exif, XMP) is never read.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const libheif = require('libheif-js/wasm-bundle');

/**
 * @param {{ error: 'corrupt' | 'tooManyPixels' } | { width: number; height: number; pixels: Uint8ClampedArray }} value
 * @param {ArrayBuffer[]} [transfer]
 */
function answer(value, transfer = []) {
  parentPort?.postMessage(value, transfer);
}

const { input, maxPixels } = workerData;
try {
  const images = new libheif.HeifDecoder().decode(new Uint8Array(input));
  const image = images.find((candidate) => candidate.is_primary()) ?? images[0];
  if (!image) {
    answer({ error: 'corrupt' });
  } else {
    const width = image.get_width();
    const height = image.get_height();
    if (!width || !height) {
      answer({ error: 'corrupt' });
    } else if (width * height > maxPixels) {
      answer({ error: 'tooManyPixels' });
    } else {
      const pixels = new Uint8ClampedArray(width * height * 4);
      image.display({ data: pixels, width, height }, (shown) => {
        if (shown) answer({ width, height, pixels }, [pixels.buffer]);
        else answer({ error: 'corrupt' });
      });
    }
  }
} catch {
  answer({ error: 'corrupt' });
}
