// The Amazon IVS player for pages in the `amazon-ivs` player mode (ADR 017): each
// `<video class="lv-ivs" data-ivs-src="…">` plays its playback URL. Behind the consent banner
// the player arrives later, when the viewer agrees (ADR 051): the viewer script announces it.
import { create, isPlayerSupported } from 'amazon-ivs-player';

const ASSETS = '/_livent/';

function setup(root: ParentNode): void {
  for (const video of root.querySelectorAll<HTMLVideoElement>('video.lv-ivs')) {
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
}

setup(document);
document.addEventListener('livent:embed', (event) => {
  if (event.target instanceof Element) setup(event.target);
});
