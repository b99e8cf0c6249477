import { ActionButton, Paragraph } from '../mail-layout.js';
import type { EmailsT } from '../template-types.js';

/**
 * The shape shared by the mails that carry a one-time link: greeting, why the mail came, the
 * button with its link, how long the link lasts, and what to do if the reader did not ask for it.
 */
export function LinkMail({
  t,
  name,
  intro,
  action,
  link,
  closing,
}: {
  t: EmailsT;
  /** Null for an address that may have no account yet: a greeting without a name. */
  name: string | null;
  intro: string;
  action: string;
  link: string;
  closing: string[];
}) {
  return (
    <>
      <Paragraph>
        {name === null ? t('layout.greetingNoName') : t('layout.greeting', { name })}
      </Paragraph>
      <Paragraph>{intro}</Paragraph>
      <ActionButton label={action} url={link} fallback={t('layout.buttonFallback')} />
      {closing.map((text) => (
        <Paragraph key={text}>{text}</Paragraph>
      ))}
    </>
  );
}
