// Consent before content from other origins (docs/decisions/051-consent-that-holds.md). With the
// event's banner on, the server renders each embed as a placeholder carrying the embed's markup
// in `data-consent-html`; nothing of it loads until this script puts it into the page: one
// embed on its "Load content", all of them on the banner's "Agree" and, for a viewer who agreed
// before, on every later visit. The choice is kept per event in this browser only.

const CONSENT_KEY = 'lvnt.consent';
type Choice = 'granted' | 'denied';

/** video.js, when the page loads it (the videojs player mode). */
declare global {
  interface Window {
    videojs?: (element: Element) => unknown;
  }
}

/** The embeds put into the page, each with the placeholder it replaced. */
const loaded = new Map<HTMLElement, ChildNode[]>();
/** Whether any embed brought scripts, whose effects only a reload takes away. */
let scriptsRan = false;

function storedChoice(key: string): Choice | undefined {
  try {
    const value = localStorage.getItem(key);
    // Anything else (the old banner's acknowledgement) is no consent to these embeds.
    return value === 'granted' || value === 'denied' ? value : undefined;
  } catch {
    return undefined; // storage blocked: the choice holds for this page only
  }
}

function storeChoice(key: string, choice: Choice | undefined): void {
  try {
    if (choice) localStorage.setItem(key, choice);
    else localStorage.removeItem(key);
  } catch {
    // see storedChoice
  }
}

/** Markup's scripts never run when inserted as markup; a script element made here does. */
function runnableScripts(fragment: DocumentFragment): void {
  for (const inert of fragment.querySelectorAll('script')) {
    const script = document.createElement('script');
    for (const attribute of inert.attributes) script.setAttribute(attribute.name, attribute.value);
    script.text = inert.text;
    inert.replaceWith(script);
    scriptsRan = true;
  }
}

/** Replaces a placeholder with its embed; answers the embed's first element. */
function load(placeholder: HTMLElement): Element | undefined {
  if (!placeholder.isConnected) return undefined;
  const template = document.createElement('template');
  template.innerHTML = placeholder.dataset.consentHtml ?? '';
  runnableScripts(template.content);
  const nodes = Array.from(template.content.childNodes);
  placeholder.replaceWith(template.content);
  loaded.set(placeholder, nodes);
  const elements = nodes.filter((node): node is Element => node instanceof Element);
  for (const element of elements) {
    // video.js sets up players only when the page loads; the IVS script listens for this event.
    for (const player of element.querySelectorAll('video-js')) window.videojs?.(player);
    element.dispatchEvent(new CustomEvent('livent:embed', { bubbles: true }));
  }
  return elements[0];
}

/** Puts every loaded embed's placeholder back. */
function unloadAll(): void {
  for (const [placeholder, nodes] of loaded) {
    nodes.find((node) => node.isConnected)?.before(placeholder);
    for (const node of nodes) node.remove();
  }
  loaded.clear();
}

export function setupConsent(slug: string): void {
  const banner = document.querySelector<HTMLElement>('.lv-consent');
  if (!banner) return;
  const key = `${CONSENT_KEY}.${slug}`;
  const placeholders = () =>
    Array.from(document.querySelectorAll<HTMLElement>('.lv-consent-embed[data-consent-html]'));
  const loadAll = () => placeholders().forEach(load);

  const choose = (choice: Choice) => {
    storeChoice(key, choice);
    banner.hidden = true;
    if (choice === 'granted') loadAll();
  };
  // The buttons are this script's: the page shows them only once it runs.
  for (const hidden of document.querySelectorAll<HTMLElement>(
    '.lv-consent-choices, .lv-consent-load',
  )) {
    hidden.hidden = false;
  }
  banner.querySelector('.lv-consent-accept')?.addEventListener('click', () => choose('granted'));
  banner.querySelector('.lv-consent-decline')?.addEventListener('click', () => choose('denied'));

  // One embed on its own button, for this page view (no choice is stored).
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest('.lv-consent-load');
    const placeholder = button?.closest<HTMLElement>('.lv-consent-embed');
    if (!placeholder) return;
    const embed = load(placeholder);
    // Keyboard users go on from the embed, not from a button that is gone.
    const focusable = embed?.matches('iframe, video')
      ? embed
      : embed?.querySelector<HTMLElement>('iframe, video');
    if (focusable instanceof HTMLElement) focusable.focus();
  });

  // Withdrawing (the footer's "Privacy settings"): the banner again, every embed unloaded.
  const settings = document.querySelector<HTMLButtonElement>('.lv-consent-settings');
  if (settings) {
    settings.hidden = false;
    settings.addEventListener('click', () => {
      storeChoice(key, undefined);
      unloadAll();
      // Scripts of embed code keep what they started; only a new page ends that.
      if (scriptsRan) {
        location.reload();
        return;
      }
      banner.hidden = false;
      banner.focus();
    });
  }

  const choice = storedChoice(key);
  if (choice) banner.hidden = true;
  if (choice === 'granted') loadAll();
}
