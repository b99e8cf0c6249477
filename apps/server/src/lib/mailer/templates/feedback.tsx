import { Paragraph, Quote } from '../mail-layout.js';
import type { MailProps } from '../template-types.js';

/**
 * A user's feedback, sent to support: who wrote it, where to answer, the message itself, and the
 * error it reports when it came from the report dialog (ADR 054).
 */
export function Feedback({ t, data }: MailProps<'feedback'>) {
  return (
    <>
      <Paragraph>{t('feedback.account', { name: data.name, email: data.accountEmail })}</Paragraph>
      <Paragraph>{t('feedback.replyTo', { email: data.replyEmail })}</Paragraph>
      <Quote text={data.message} />
      {data.errorDetails && (
        <>
          <Paragraph>{t('feedback.errorReport')}</Paragraph>
          <Quote text={data.errorDetails} />
        </>
      )}
    </>
  );
}
