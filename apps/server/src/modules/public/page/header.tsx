import { isUpload, safeUrl } from './page-data.js';
import { eventHref, usePage } from './page-context.js';

function Navigation() {
  const { settings, t } = usePage();
  if (settings.menuItems.length === 0) return null;
  return (
    <nav className="lv-nav" aria-label={t('menu')}>
      <button
        type="button"
        className="lv-nav-toggle"
        aria-expanded="false"
        aria-controls="lv-nav-list"
      >
        <span className="lv-burger" aria-hidden="true"></span>
        {t('menu')}
      </button>
      <ul id="lv-nav-list" className="lv-nav-list">
        {settings.menuItems.map((item, index) => (
          <li key={index}>
            <a
              href={safeUrl(item.link)}
              target={item.newWindow ? '_blank' : undefined}
              rel={item.newWindow ? 'noopener noreferrer' : undefined}
            >
              {item.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The page's header: logo (or the title), the headline in the `headline` layout, the menu. */
export function Header() {
  const { data, settings: s } = usePage();
  const home = eventHref(data, data.channelSlug);
  if (s.headerLayout === 'banner' && isUpload(s.logo)) {
    const hasMenu = s.menuItems.length > 0;
    return (
      <header className="lv-header">
        {/* The whole picture, never cropped: at most the header height tall, on the header
            colour where its proportions leave room (ADR 052). */}
        <a className="lv-banner" href={home}>
          <img src={s.logo} alt={s.title} />
        </a>
        {hasMenu && (
          <div className="lv-header-bar lv-wrap">
            <Navigation />
          </div>
        )}
      </header>
    );
  }
  return (
    <header className="lv-header">
      <div className="lv-header-bar lv-wrap">
        {isUpload(s.logo) ? (
          <a className="lv-logo" href={home}>
            <img src={s.logo} alt={s.title} />
          </a>
        ) : (
          <a className="lv-logo lv-logo-text" href={home}>
            {s.title}
          </a>
        )}
        {s.headerLayout === 'headline' && s.headline && (
          <p className="lv-header-title">{s.headline}</p>
        )}
        <Navigation />
      </div>
    </header>
  );
}
