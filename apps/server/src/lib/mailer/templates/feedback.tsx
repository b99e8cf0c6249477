import { Paragraph, Quote } from '../mail-layout.js';
import type { MailProps } from '../template-types.js';

/** A user's feedback, sent to support: who wrote it, where to answer, and the message itself. */
export function Feedback({ t, data }: MailProps<'feedback'>) {
  return (
    <>
      <Paragraph>{t('feedback.account', { name: data.name, email: data.accountEmail })}</Paragraph>
      <Paragraph>{t('feedback.replyTo', { email: data.replyEmail })}</Paragraph>
      <Quote text={data.message} />
    </>
  );
}
