// The Amazon IVS player for pages in the `amazon-ivs` player mode (ADR 017): each
// `<video class="lv-ivs" data-ivs-src="…">` plays its playback URL.
import { create, isPlayerSupported } from 'amazon-ivs-player';

const ASSETS = '/_livent/';

for (const video of document.querySelectorAll<HTMLVideoElement>('video.lv-ivs')) {
  const src = video.dataset.ivsSrc;
  if (!src || !isPlayerSupported) continue;
  const player = create({
    wasmWorker: `${ASSETS}amazon-ivs-wasmworker.min.js`,
    wasmBinary: `${ASSETS}amazon-ivs-wasmworker.min.wasm`,
  });
  player.attachHTMLVideoElement(video);
  player.setAutoplay(true);
  player.load(src);
}
