import { eventHref, usePage } from './page-context.js';

/** The event's channels (e.g. one per language), under the header when the event has any. */
export function ChannelMenu() {
  const { data, settings: s, t } = usePage();
  if (data.channels.length === 0) return null;
  const heading = t(`channelMenu.${s.channelMenuName}`);
  const entries = [
    {
      slug: '',
      href: eventHref(data, null),
      title: s.channelMenuTitle || t('mainChannel'),
      current: data.channelSlug === null,
    },
    ...data.channels.map((channel) => ({
      slug: channel.slug,
      href: eventHref(data, channel.slug),
      title: channel.title,
      current: channel.slug === data.channelSlug,
    })),
  ];
  return (
    <nav className="lv-channels" aria-label={heading}>
      <div className="lv-wrap lv-channels-bar">
        <span className="lv-channels-label">{heading}</span>
        <ul>
          {entries.map((entry) => (
            <li key={entry.slug}>
              <a href={entry.href} aria-current={entry.current ? 'page' : undefined}>
                {entry.title}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
