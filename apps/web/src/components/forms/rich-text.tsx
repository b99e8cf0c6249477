import { Fragment, type ReactNode } from 'react';

/**
 * Renders a translated sentence with one marked part, e.g. "I accept the <link>terms</link>",
 * so the sentence stays whole in each language (docs/architecture.md: "keys, never sentences split
 * across keys") without react-i18next's Trans on the first load.
 */
export function withMarkedPart(text: string, render: (part: string) => ReactNode): ReactNode {
  const match = /^(.*?)<link>(.*?)<\/link>(.*)$/s.exec(text);
  if (!match) return text;
  const [, before = '', part = '', after = ''] = match;
  return (
    <Fragment>
      {before}
      {render(part)}
      {after}
    </Fragment>
  );
}
