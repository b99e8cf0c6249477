import { REACTION_EMOJI, REACTIONS } from '@livent/shared';
import { usePage } from './page-context.js';

/**
 * The reactions bar under the player (ADR 059): a button per reaction with its name in the page's
 * language, and the layer its emoji float up in (over the player, taking no room: no layout
 * shift). The viewer script sends the taps and floats every viewer's bursts; without the script
 * the buttons do nothing. Rendered only behind the gate, like the player.
 */
export function ReactionsBar() {
  const { settings: s, t } = usePage();
  if (!s.reactionsEnabled) return null;
  return (
    <div className="lv-reactions" role="group" aria-label={t('reactions.label')}>
      <div className="lv-reactions-float" aria-hidden="true"></div>
      {REACTIONS.map((reaction) => (
        <button
          key={reaction}
          type="button"
          className="lv-reaction"
          data-reaction={reaction}
          data-emoji={REACTION_EMOJI[reaction]}
          aria-label={t(`reactions.${reaction}`)}
          title={t(`reactions.${reaction}`)}
        >
          <span aria-hidden="true">{REACTION_EMOJI[reaction]}</span>
        </button>
      ))}
    </div>
  );
}
