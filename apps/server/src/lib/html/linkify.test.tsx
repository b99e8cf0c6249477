import { describe, expect, it } from 'vitest';
import { renderFragment } from './render-document.js';
import { Linkify, TextBlock } from './linkify.js';

describe('Linkify', () => {
  it('turns http(s) URLs into safe links, leaving trailing punctuation outside', () => {
    expect(
      renderFragment(<Linkify text="See https://example.com/docs. Or http://a.example?x=1&y=2!" />),
    ).toBe(
      'See <a href="https://example.com/docs" target="_blank" rel="noopener noreferrer">https://example.com/docs</a>. Or <a href="http://a.example?x=1&amp;y=2" target="_blank" rel="noopener noreferrer">http://a.example?x=1&amp;y=2</a>!',
    );
  });

  it('keeps markup and other schemes as text', () => {
    const html = renderFragment(<Linkify text={'<b>x</b> javascript:alert(1) ftp://x.example'} />);
    expect(html).toBe('&lt;b&gt;x&lt;/b&gt; javascript:alert(1) ftp://x.example');
  });
});

describe('TextBlock', () => {
  it('makes paragraphs of blank-line separated text and keeps line breaks', () => {
    expect(
      renderFragment(
        <TextBlock text={'One\r\ntwo\n\n\nThree https://x.example'} autoLinks={false} />,
      ),
    ).toBe('<p>One<br/>two</p><p>Three https://x.example</p>');
  });
});
