// The public event page's script (ADR 017): message tool, remote reload, navigation toggle and
// compliance banner. No framework; the page works without it, this only adds to it.

const RELOAD_POLL_MS = 60_000;
const CONSENT_KEY = 'lvnt.consent';

const body = document.body;
const slug = body.dataset.slug ?? '';

function setupNavigation(): void {
  const nav = document.querySelector<HTMLElement>('.lv-nav');
  const toggle = nav?.querySelector<HTMLButtonElement>('.lv-nav-toggle');
  if (!nav || !toggle) return;
  const setOpen = (open: boolean) => {
    nav.classList.toggle('lv-open', open);
    toggle.setAttribute('aria-expanded', String(open));
  };
  toggle.addEventListener('click', () => setOpen(!nav.classList.contains('lv-open')));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && nav.classList.contains('lv-open')) {
      setOpen(false);
      toggle.focus();
    }
  });
  document.addEventListener('click', (event) => {
    if (!nav.contains(event.target as Node)) setOpen(false);
  });
}

function setupConsent(): void {
  const banner = document.querySelector<HTMLElement>('.lv-consent');
  if (!banner) return;
  const key = `${CONSENT_KEY}.${slug}`;
  try {
    if (localStorage.getItem(key)) {
      banner.remove();
      return;
    }
  } catch {
    // Storage blocked: the banner stays until dismissed on this page.
  }
  banner.querySelector('.lv-consent-accept')?.addEventListener('click', () => {
    try {
      localStorage.setItem(key, new Date().toISOString());
    } catch {
      // see above
    }
    banner.remove();
  });
}

function setupMessages(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('.lv-message-form')) {
    const status = form.querySelector<HTMLElement>('.lv-message-status');
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    const show = (text: string, error: boolean) => {
      if (!status) return;
      status.textContent = text;
      status.classList.toggle('lv-error', error);
    };
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const data = new FormData(form);
      const channel = form.dataset.channel;
      const payload = {
        name: String(data.get('name') ?? '').trim(),
        text: String(data.get('text') ?? '').trim(),
        ...(channel ? { channel } : {}),
      };
      if (button) button.disabled = true;
      show('', false);
      fetch(form.action, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        credentials: 'same-origin',
      })
        .then((response) => {
          if (response.ok) {
            form.querySelector<HTMLTextAreaElement>('textarea')!.value = '';
            show(form.dataset.sent ?? '', false);
          } else {
            show(
              (response.status === 429 ? form.dataset.tooMany : form.dataset.failed) ?? '',
              true,
            );
          }
        })
        .catch(() => show(form.dataset.failed ?? '', true))
        .finally(() => {
          if (button) button.disabled = false;
        });
    });
  }
}

/**
 * Remote reload: the organiser's "reload open pages" stamps the event; this page reloads when the
 * stamp is newer than the one it was rendered with (and newer than one it already reloaded for,
 * as a cached copy of the page may still carry the old stamp).
 */
function setupRemoteReload(): void {
  if (!slug) return;
  const rendered = body.dataset.reloadAt ?? '';
  const seenKey = `lvnt.reloaded.${slug}`;
  const check = () => {
    fetch(`/${slug}/_state`, { credentials: 'omit' })
      .then((response) =>
        response.ok ? (response.json() as Promise<{ reloadAt: string | null }>) : null,
      )
      .then((state) => {
        const stamp = state?.reloadAt;
        if (!stamp || stamp <= rendered) return;
        let seen = '';
        try {
          seen = sessionStorage.getItem(seenKey) ?? '';
          sessionStorage.setItem(seenKey, stamp);
        } catch {
          // without storage a stale cached copy could reload once more, which is harmless
        }
        if (stamp > seen) location.reload();
      })
      .catch(() => undefined);
  };
  // A little jitter so that thousands of open pages do not poll in lockstep.
  const delay = () => RELOAD_POLL_MS * (0.75 + Math.random() * 0.5);
  const schedule = () =>
    setTimeout(() => {
      check();
      schedule();
    }, delay());
  schedule();
}

setupNavigation();
setupConsent();
setupMessages();
setupRemoteReload();
