import { Paragraph, Quote } from '../mail-layout.js';
import type { MailProps } from '../template-types.js';

/**
 * A viewer's report of a barrier, from the accessibility statement's form, to the event's owner
 * (ADR 052): which page, who wrote and whether one can answer, and the message itself.
 */
export function AccessibilityFeedback({ t, data }: MailProps<'accessibility-feedback'>) {
  return (
    <>
      <Paragraph>
        {t('accessibilityFeedback.intro', { eventTitle: data.eventTitle, pageUrl: data.pageUrl })}
      </Paragraph>
      <Quote text={data.message} />
      <Paragraph>
        {data.name
          ? t('accessibilityFeedback.from', { name: data.name })
          : t('accessibilityFeedback.anonymous')}
      </Paragraph>
      <Paragraph>
        {data.replyEmail
          ? t('accessibilityFeedback.replyTo', { email: data.replyEmail })
          : t('accessibilityFeedback.noReply')}
      </Paragraph>
      <Paragraph>{t('accessibilityFeedback.why')}</Paragraph>
    </>
  );
}
