import { waitWith, type AdActivation } from '@adboard/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { journeyApi } from '../../lib/journey-api';
import { ErrorAlert } from '../ui/alert';
import { Spinner } from '../ui/spinner';
import './after-submission-view.css';
import { dateFormat } from '../../lib/date-format';
import { adFormText, appScreensText, durationsText, journeyText } from '../../i18n/areas';
import { useLanguage, useText } from '../../i18n/language-context';

const untilFormat = dateFormat({ dateStyle: 'medium' });

function Step({ title, children }: { title: string; children: ReactNode }) {
  return (
    <li className="next-steps__step">
      <h4 className="next-steps__title">{title}</h4>
      {children}
    </li>
  );
}

function LinkLine({ link }: { link: AdActivation['links'][number] }) {
  const m = useText(journeyText).afterSubmission;
  const until = untilFormat(new Date(link.expiresAt), useLanguage().language);
  return <li>{m.links[link.kind]({ days: link.validDays, until })}</li>;
}

/**
 * What happens after an anonymous submission, in order: the mail and the address
 * it went to, the links it holds and the SMS code with how long each lasts (the
 * server's answer, never numbers of the browser's own), the review and its usual
 * time, then going public.
 */
export function AfterSubmissionView({ adId, verified }: { adId: string; verified: boolean }) {
  const screenText = useText(appScreensText);
  const m = useText(journeyText).afterSubmission;
  const durations = useText(durationsText);
  const { reviewTimes } = useText(adFormText);
  const headingId = useId();
  const activation = useQuery({
    queryKey: ['activation', adId],
    queryFn: () => journeyApi.getAdActivation(adId),
    staleTime: Infinity,
  });

  if (activation.isPending) return <Spinner label={screenText.wizard.loadingNextSteps} />;
  if (activation.isError) return <ErrorAlert>{m.loadFailed}</ErrorAlert>;
  const { email, links, sms } = activation.data;

  return (
    <section className="next-steps">
      <h3 className="next-steps__heading" id={headingId}>
        {m.heading}
      </h3>
      <ol className="next-steps__list" aria-labelledby={headingId}>
        <Step title={m.checkMailTitle}>
          <p>{m.checkMail({ email })}</p>
        </Step>
        <Step title={m.linksTitle}>
          <ul className="next-steps__links">
            {links.map((link) => (
              <LinkLine key={link.kind} link={link} />
            ))}
          </ul>
        </Step>
        {sms.phoneKnown && (
          <Step title={m.smsTitle}>
            <p>
              {m.sms({
                codeMinutes: sms.codeValidMinutes,
                wait: waitWith(sms.resendWaitSeconds, durations),
                perHour: sms.codesPerHour,
              })}
            </p>
          </Step>
        )}
        <Step title={m.reviewTitle}>
          <p>{verified ? reviewTimes.free_verified : reviewTimes.free}</p>
          <p>{reviewTimes.advice}</p>
        </Step>
        <Step title={m.publicTitle}>
          <p>{m.public}</p>
        </Step>
      </ol>
    </section>
  );
}
