import type { Highlight } from '@livent/shared';
import { isUpload, safeUrl } from './page-data.js';
import { usePage } from './page-context.js';

function Card({ item }: { item: Highlight }) {
  return (
    <li className="lv-hl">
      {isUpload(item.image) ? (
        <img className="lv-hl-image" src={item.image} alt="" loading="lazy" decoding="async" />
      ) : (
        <span className="lv-hl-image lv-hl-placeholder" aria-hidden="true"></span>
      )}
      <div className="lv-hl-body">
        <h3>
          {item.link ? (
            <a href={safeUrl(item.link)} target="_blank" rel="noopener noreferrer">
              {item.title}
            </a>
          ) : (
            item.title
          )}
        </h3>
        {item.description && <p>{item.description}</p>}
      </div>
    </li>
  );
}

/**
 * The highlights, grouped by consecutive group names, as a responsive grid of cards — or, in
 * the tube layout's column beside the player, as a list of compact cards.
 */
export function HighlightsBlock() {
  const { data, settings: s, t } = usePage();
  if (data.highlights.length === 0) return null;
  const groups: { name: string; items: Highlight[] }[] = [];
  for (const highlight of data.highlights) {
    const last = groups.at(-1);
    if (last && last.name === highlight.group) last.items.push(highlight);
    else groups.push({ name: highlight.group, items: [highlight] });
  }
  return (
    <section
      className={`lv-block lv-highlights lv-hl-${s.highlightsSize} lv-hl-align-${s.highlightsAlign}`}
      aria-labelledby="lv-hl-title"
    >
      <h2 id="lv-hl-title" className="lv-hl-heading">
        {t('highlights')}
      </h2>
      {groups.map((group, index) => (
        <div className="lv-hl-section" key={index}>
          {group.name && <h2 className="lv-hl-group">{group.name}</h2>}
          <ul className="lv-hl-grid">
            {group.items.map((item) => (
              <Card key={item.id} item={item} />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
